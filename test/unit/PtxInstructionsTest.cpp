//===- PtxInstructionsTest.cpp - inline PTX read as memory instructions ----===//
#include "checks/cuda/PtxInstructions.h"

#include <gtest/gtest.h>

using namespace gpumem::cuda;
using Kind = PtxMemoryOp::Kind;
using Space = PtxMemoryOp::Space;

namespace {

PtxMemoryOp only(const char *Template) {
  PtxMemoryOps Ops = parsePtxMemoryOps(Template);
  EXPECT_EQ(Ops.Ops.size(), 1u) << Template;
  EXPECT_TRUE(Ops.NotFollowed.empty()) << Template;
  return Ops.Ops.empty() ? PtxMemoryOp{} : Ops.Ops.front();
}

TEST(PtxInstructions, VectorLoadOfGlobalMemory) {
  PtxMemoryOp Op = only("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];");
  EXPECT_EQ(Op.What, Kind::Load);
  EXPECT_EQ(Op.In, Space::Global);
  EXPECT_EQ(Op.Bytes, 16u);
  EXPECT_EQ(Op.Address.Operand, 4);
  EXPECT_EQ(Op.Address.Offset, 0);
  EXPECT_EQ(Op.Opcode, "ld.global.nc.v4.f32");
}

// Issue 40: a labelled instruction (a loop's head in hand-written PTX) was
// read as the opcode "L1:" and dropped.
TEST(PtxInstructions, LabelsBeforeTheOpcode) {
  PtxMemoryOp Op = only("L1: ld.global.f32 %0, [%1];");
  EXPECT_EQ(Op.What, Kind::Load);
  EXPECT_EQ(Op.In, Space::Global);
  EXPECT_EQ(Op.Address.Operand, 1);
  Op = only("$again%=:\n  @%p1 st.shared.u32 [%0+4], %1;");
  EXPECT_EQ(Op.What, Kind::Store);
  EXPECT_EQ(Op.Address.Offset, 4);
  Op = only("L_a:L_b:ld.global.nc.L1::no_allocate.f32 %0, [%1];");
  EXPECT_EQ(Op.Opcode, "ld.global.nc.L1::no_allocate.f32");
  PtxMemoryOps None = parsePtxMemoryOps("done: bra done;");
  EXPECT_TRUE(None.Ops.empty());
  EXPECT_TRUE(None.NotFollowed.empty());
}

TEST(PtxInstructions, CacheHintsAndOffsets) {
  PtxMemoryOp Op =
      only("ld.global.nc.L1::no_allocate.L2::256B.v2.u64 {%0,%1}, [%2 + 32];");
  EXPECT_EQ(Op.Bytes, 16u);
  EXPECT_EQ(Op.Address.Operand, 2);
  EXPECT_EQ(Op.Address.Offset, 32);
  Op = only("st.shared.v2.b32 [%[dst]-8], {%[a], %[b]};");
  EXPECT_EQ(Op.What, Kind::Store);
  EXPECT_EQ(Op.In, Space::Shared);
  EXPECT_EQ(Op.Bytes, 8u);
  EXPECT_EQ(Op.Address.Name, "dst");
  EXPECT_EQ(Op.Address.Offset, -8);
}

TEST(PtxInstructions, GenericAddressesAndAtomics) {
  PtxMemoryOp Op = only("ld.u16 %0, [%1];");
  EXPECT_EQ(Op.In, Space::Generic);
  EXPECT_EQ(Op.Bytes, 2u);
  Op = only("atom.global.add.u32 %0, [%1], %2;");
  EXPECT_EQ(Op.What, Kind::Atomic);
  EXPECT_EQ(Op.Address.Operand, 1);
  Op = only("red.shared.add.f16x2 [%0], %1;");
  EXPECT_EQ(Op.Bytes, 4u);
  EXPECT_EQ(Op.Address.Operand, 0);
}

TEST(PtxInstructions, AsyncCopies) {
  PtxMemoryOp Op =
      only("cp.async.cg.shared.global.L2::128B [%0], [%1], 16;\n");
  EXPECT_EQ(Op.What, Kind::AsyncCopy);
  EXPECT_EQ(Op.In, Space::Shared);
  EXPECT_EQ(Op.Bytes, 16u);
  EXPECT_EQ(Op.Address.Operand, 0);
  EXPECT_EQ(Op.Source.Operand, 1);
  Op = only("cp.async.ca.shared.global [%0], [%1], %2, %3;");
  EXPECT_EQ(Op.Bytes, 0u);
  EXPECT_EQ(Op.SizeOperand, 2);
  // Groups are not memory.
  EXPECT_TRUE(parsePtxMemoryOps("cp.async.commit_group;\ncp.async.wait_group "
                                "0;")
                  .Ops.empty());
  PtxMemoryOps Bulk = parsePtxMemoryOps(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes "
      "[%0], [%1], %2, [%3];");
  EXPECT_TRUE(Bulk.Ops.empty());
  ASSERT_EQ(Bulk.NotFollowed.size(), 1u);
}

TEST(PtxInstructions, MatrixLoadsTakeRowAddressesFromSomeLanes) {
  PtxMemoryOp Op = only(
      "ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];");
  EXPECT_EQ(Op.What, Kind::LoadMatrix);
  EXPECT_EQ(Op.In, Space::Shared);
  EXPECT_EQ(Op.Bytes, 16u);
  EXPECT_EQ(Op.AddressLanes, 32u);
  EXPECT_EQ(Op.Address.Operand, 4);
  Op = only("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];");
  EXPECT_EQ(Op.AddressLanes, 16u);
  Op = only("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};");
  EXPECT_EQ(Op.What, Kind::StoreMatrix);
  EXPECT_EQ(Op.AddressLanes, 8u);
  EXPECT_EQ(Op.Address.Operand, 0);
}

TEST(PtxInstructions, BlocksPredicatesAndComments) {
  PtxMemoryOps Ops = parsePtxMemoryOps(
      "{\n .reg .pred p;\n setp.ne.b32 p, %0, 0;\n"
      "  @p ld.global.v2.f32 {%1, %2}, [%3]; // guarded\n}\n");
  ASSERT_EQ(Ops.Ops.size(), 1u);
  EXPECT_EQ(Ops.Ops[0].Address.Operand, 3);
  EXPECT_EQ(Ops.Ops[0].Bytes, 8u);
}

TEST(PtxInstructions, WhatIsNotFollowed) {
  // An address in a register the template sets itself.
  PtxMemoryOps Ops =
      parsePtxMemoryOps("cvta.to.global.u64 %%rd1, %1; ld.global.f32 %0, "
                        "[%%rd1];");
  EXPECT_TRUE(Ops.Ops.empty());
  ASSERT_EQ(Ops.NotFollowed.size(), 1u);
  EXPECT_EQ(Ops.NotFollowed[0], "ld.global.f32");
  // Parameter, local and constant space: not global or shared memory.
  EXPECT_TRUE(parsePtxMemoryOps("ld.param.u32 %0, [%1];").Ops.empty());
  EXPECT_TRUE(parsePtxMemoryOps("ld.param.u32 %0, [%1];").NotFollowed.empty());
  // No memory at all.
  Ops = parsePtxMemoryOps("mov.u32 %0, %%laneid;");
  EXPECT_TRUE(Ops.Ops.empty());
  EXPECT_TRUE(Ops.NotFollowed.empty());
  // Other shapes of ldmatrix.
  Ops = parsePtxMemoryOps(
      "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%0, %1}, [%2];");
  EXPECT_EQ(Ops.NotFollowed.size(), 1u);
}

} // namespace
