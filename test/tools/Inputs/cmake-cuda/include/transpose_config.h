// Found only through the include path CMake puts in the options file.
#pragma once
#ifndef TILE_DIM
#error "TILE_DIM comes from target_compile_definitions"
#endif
