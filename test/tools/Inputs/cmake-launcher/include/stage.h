// The width of the staging tile, from the build (-DSTAGE_WIDTH=...).
#pragma once
#ifndef STAGE_WIDTH
#error "STAGE_WIDTH comes from the build"
#endif
constexpr int StageWidth = STAGE_WIDTH;
