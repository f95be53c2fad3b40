// Reached only through the -I in includes_CUDA.rsp (an nvcc --options-file).
#pragma once
#define TILE_CONFIG_FOUND 1
