#include "model/Cost.h"
#include "checks/lanes/Value.h"
