#include "checks/cuda/Launch.h"
