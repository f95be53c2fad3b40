#include "checks/launch/Shapes.h"
