//===- WarpRoleOps.cpp - Warp-specialized roles ---------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "Verification.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

static constexpr int64_t kWarpgroupThreads =
    WarpSpecializeOp::kWarpgroupThreads;
static constexpr int64_t kRegisterFile = 65536; // 32-bit registers per SM
static constexpr int64_t kMaxBlockThreads = 1024;
static constexpr int64_t kMaxRegisters = 256;

/// `ROLE N registers R {...}` into the role's attributes and `region`.
static ParseResult parseRole(OpAsmParser &parser, OperationState &result,
                             StringRef role, StringRef warpgroups,
                             StringRef registers, Region &region) {
  IntegerAttr count, budget;
  Type i64 = parser.getBuilder().getI64Type();
  if (parser.parseKeyword(role) ||
      parser.parseAttribute(count, i64, warpgroups, result.attributes) ||
      parser.parseKeyword("registers") ||
      parser.parseAttribute(budget, i64, registers, result.attributes) ||
      parser.parseRegion(region))
    return failure();
  if (region.empty())
    region.emplaceBlock();
  return success();
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  // The regions belong to `result` from the start, as in upstream's
  // hand-written parsers: values a failed parse leaves behind stay alive
  // until the parser drops every reference to them.
  Region *producer = result.addRegion();
  Region *consumer = result.addRegion();
  return failure(
      parseRole(parser, result, "producer",
                getProducerWarpgroupsAttrName(result.name),
                getProducerRegistersAttrName(result.name), *producer) ||
      parseRole(parser, result, "consumer",
                getConsumerWarpgroupsAttrName(result.name),
                getConsumerRegistersAttrName(result.name), *consumer) ||
      parser.parseOptionalAttrDict(result.attributes));
}

void WarpSpecializeOp::print(OpAsmPrinter &printer) {
  printer << " producer " << getProducerWarpgroups() << " registers "
          << getProducerRegisters() << ' ';
  printer.printRegion(getProducer());
  printer << " consumer " << getConsumerWarpgroups() << " registers "
          << getConsumerRegisters() << ' ';
  printer.printRegion(getConsumer());
  printer.printOptionalAttrDict(
      (*this)->getAttrs(),
      {getProducerWarpgroupsAttrName(), getProducerRegistersAttrName(),
       getConsumerWarpgroupsAttrName(), getConsumerRegistersAttrName()});
}

int64_t WarpSpecializeOp::getThreads() {
  return (getProducerWarpgroups() + getConsumerWarpgroups()) *
         kWarpgroupThreads;
}

int64_t WarpSpecializeOp::getEntryRegisters() {
  return std::min(kMaxRegisters, kRegisterFile / getThreads() / 8 * 8);
}

bool WarpSpecializeOp::movesRegisters() {
  int64_t entry = getEntryRegisters();
  return int64_t(getProducerRegisters()) != entry ||
         int64_t(getConsumerRegisters()) != entry;
}

/// setmaxnreg takes 24 to 256 registers, in steps of 8.
static LogicalResult verifyRole(Operation *op, StringRef role,
                                int64_t warpgroups, int64_t registers) {
  if (warpgroups < 1)
    return op->emitOpError()
           << "the " << role << " role needs at least one warpgroup, got "
           << warpgroups;
  // Bounded before the thread and register counts are multiplied out.
  if (warpgroups > kMaxBlockThreads / kWarpgroupThreads)
    return op->emitOpError()
           << "the " << role << " role asks for " << warpgroups
           << " warpgroups, more than the "
           << kMaxBlockThreads / kWarpgroupThreads << " of a block";
  if (registers < 24 || registers > 256 || registers % 8 != 0)
    return op->emitOpError() << "setmaxnreg takes 24 to 256 registers in "
                                "steps of 8; the "
                             << role << " role asks for " << registers;
  return success();
}

LogicalResult WarpSpecializeOp::verify() {
  int64_t producers = getProducerWarpgroups(),
          consumers = getConsumerWarpgroups();
  if (failed(
          verifyRole(*this, "producer", producers, getProducerRegisters())) ||
      failed(verifyRole(*this, "consumer", consumers, getConsumerRegisters())))
    return failure();
  int64_t threads = getThreads();
  if (threads > kMaxBlockThreads)
    return emitOpError() << "the roles need " << threads
                         << " threads, more than a block's "
                         << kMaxBlockThreads;
  // setmaxnreg.dec gives registers back to the CTA's pool and .inc waits
  // until the pool has them: the pool is what the block was launched with,
  // its threads x the registers ptxas gives each at entry, so budgets that
  // add up to more wait forever.
  int64_t registers = kWarpgroupThreads * (producers * getProducerRegisters() +
                                           consumers * getConsumerRegisters());
  int64_t pool = threads * getEntryRegisters();
  if (registers > pool)
    return emitOpError() << "the register budgets add up to " << registers
                         << " registers (warpgroups x 128 x registers), more "
                            "than the block's "
                         << pool << " (" << threads << " threads x "
                         << getEntryRegisters()
                         << " at entry), which setmaxnreg moves between roles";
  // Only one role's warps would reach an inner one, which splits the block.
  if ((*this)->getParentOfType<WarpSpecializeOp>())
    return emitOpError() << "warp roles split the threads of the whole "
                            "block: it cannot be nested in a role of another "
                            "cute_nvgpu.warp_specialize";
  auto func = (*this)->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return emitOpError() << "warp roles split the threads of a kernel: it "
                            "must be inside a gpu.func";
  std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
  bool matches = block && block->size() == 3 && (*block)[0] == threads &&
                 (*block)[1] == 1 && (*block)[2] == 1;
  if (!matches)
    return emitOpError() << "setmaxnreg needs the block's size fixed at the "
                            "kernel's entry: give @"
                         << func.getName() << " known_block_size = "
                         << "array<i32: " << threads
                         << ", 1, 1>, the threads of its roles";
  // A role whose budget differs from the kernel's entry one moves it with
  // setmaxnreg, an sm_90a instruction.
  if (!movesRegisters())
    return success();
  // The budgets share out one block's registers: more blocks an SM would
  // each start with fewer than getEntryRegisters().
  auto blocksPerSM = func->getAttrOfType<IntegerAttr>(
      NVVM::NVVMDialect::getMinctasmAttrName());
  if (blocksPerSM && blocksPerSM.getValue() != 1)
    return emitOpError() << "register budgets share out one block's "
                            "registers, but @"
                         << func.getName()
                         << " sets nvvm.minctasm (blocks per SM) to "
                         << blocksPerSM << "; setmaxnreg needs 1";
  return checkTarget(*this, "setmaxnreg", 90, /*ptxIsa=*/0,
                     /*archSpecific=*/true);
}

LogicalResult WarpSpecializeOp::verifyRegions() {
  for (auto [name, region] : {std::make_pair("producer", &getProducer()),
                              std::make_pair("consumer", &getConsumer())}) {
    Block &body = region->front();
    if (body.getNumArguments() != 1 || !body.getArgument(0).getType().isIndex())
      return emitOpError() << "the " << name
                           << " region takes one argument, its warpgroup's "
                              "index in the role (an index)";
    // The lowering inlines the role into an scf.if, whose yield ends it.
    if (!body.empty() && body.back().hasTrait<OpTrait::IsTerminator>())
      return emitOpError() << "the " << name
                           << " region holds no terminator: its threads leave "
                              "the role at its end, but it ends with '"
                           << body.back().getName() << "'";
  }
  // A producer gave its registers away; wgmma accumulators need them.
  WalkResult wgmma = getProducer().walk([](Operation *op) {
    if (auto gemm = dyn_cast<GemmOp>(op))
      if (gemm.getTiledMma().getMmaAtom().getTraits().arch >= 90)
        return WalkResult::interrupt();
    if (op->getName().getStringRef().starts_with("nvvm.wgmma."))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (wgmma.wasInterrupted())
    return emitOpError() << "wgmma runs in the consumer role only: the "
                            "producer role has given its registers away";
  return success();
}
