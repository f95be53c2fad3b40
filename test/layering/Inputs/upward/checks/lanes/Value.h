#include "clang-tidy/ClangTidyCheck.h"
#include "checks/cuda/Launch.h"
