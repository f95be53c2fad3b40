// Seven project headers pulled in.
#include "checks/access/Part0.h"
#include "checks/access/Part1.h"
#include "checks/access/Part2.h"
#include "checks/access/Part3.h"
#include "checks/access/Part4.h"
#include "checks/access/Part5.h"
#include "checks/access/Part6.h"
