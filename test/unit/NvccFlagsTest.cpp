//===- NvccFlagsTest.cpp - nvcc command lines translated for clang --------===//
#include "plugin/NvccFlags.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <map>
#include <string>
#include <vector>

using namespace gpumem::plugin;

namespace {

using Args = std::vector<std::string>;

NvccTranslationOptions optionsWithFiles(
    std::map<std::string, std::string> Files = {}) {
  NvccTranslationOptions Options;
  Options.CudaFlags = {"-nocudalib", "-Wno-unknown-cuda-version"};
  Options.ReadOptionsFile =
      [Files](const std::string &Path) -> std::optional<std::string> {
    auto It = Files.find(Path);
    if (It == Files.end())
      return std::nullopt;
    return It->second;
  };
  return Options;
}

Args translate(const Args &Argv,
               const NvccTranslationOptions &Options = optionsWithFiles()) {
  return translateNvccCommand(Argv, "/build", Options).Arguments;
}

} // namespace

TEST(NvccFlagsTest, RecognisesNvccDirectlyAndThroughCcache) {
  EXPECT_TRUE(isNvccCommand({"/usr/local/cuda/bin/nvcc", "-c", "a.cu"}));
  EXPECT_TRUE(isNvccCommand({"nvcc", "a.cu"}));
  EXPECT_TRUE(isNvccCommand({"/usr/bin/ccache", "/opt/cuda/bin/nvcc", "a.cu"}));
  EXPECT_FALSE(isNvccCommand({"/usr/bin/clang++", "-c", "a.cu"}));
  EXPECT_FALSE(isNvccCommand({"/usr/bin/ccache", "g++", "a.cpp"}));
  EXPECT_FALSE(isNvccCommand({}));
}

TEST(NvccFlagsTest, ToolkitRootIsAboveBin) {
  EXPECT_EQ(toolkitRootOfNvcc("/usr/local/cuda/bin/nvcc"), "/usr/local/cuda");
  EXPECT_EQ(toolkitRootOfNvcc("/bin/nvcc"), "/");
  EXPECT_EQ(toolkitRootOfNvcc("nvcc"), "");
  EXPECT_EQ(toolkitRootOfNvcc("/opt/nvcc"), "");
}

TEST(NvccFlagsTest, ArchitecturesBecomeClangTargets) {
  EXPECT_EQ(clangGpuArch("sm_80"), "sm_80");
  EXPECT_EQ(clangGpuArch("compute_75"), "sm_75");
  EXPECT_EQ(clangGpuArch("lto_90"), "sm_90");
  EXPECT_EQ(clangGpuArch("sm_90a"), "sm_90a");
  EXPECT_EQ(clangGpuArch("compute_100a"), "sm_100a");
  EXPECT_EQ(clangGpuArch("sm_100f"), "sm_100");
  EXPECT_EQ(clangGpuArch("native"), "");
  EXPECT_EQ(clangGpuArch("all-major"), "");
  EXPECT_EQ(clangGpuArch("sm_"), "");
  EXPECT_EQ(clangGpuArch("sm_80x"), "");
}

TEST(NvccFlagsTest, OptionsFileTextSplitsLikeAShell) {
  EXPECT_EQ(splitOptionsFileText("-I/a  -isystem=/b\n-DX=1\t\"-I/with space\""),
            (Args{"-I/a", "-isystem=/b", "-DX=1", "-I/with space"}));
  EXPECT_EQ(splitOptionsFileText("'-DS=\"q\"' -DT=a\\ b \"\" x\\\ny"),
            (Args{"-DS=\"q\"", "-DT=a b", "", "xy"}));
  EXPECT_EQ(splitOptionsFileText("\"a\\\\b\\c\""), (Args{"a\\b\\c"}));
  EXPECT_TRUE(splitOptionsFileText(" \n ").empty());
}

// What CMake 3.25 writes for a CUDA target compiled by nvcc with Ninja.
TEST(NvccFlagsTest, CMakeCommandBecomesOneDeviceCompilation) {
  NvccTranslationOptions Options = optionsWithFiles(
      {{"/build/CMakeFiles/k.dir/includes_CUDA.rsp",
        "-I/src/include -isystem=/opt/lib/include"}});
  ClangCommand C = translateNvccCommand(
      {"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
       "-DUSE_TILES", "--options-file", "CMakeFiles/k.dir/includes_CUDA.rsp",
       "-O3", "-DNDEBUG", "-std=c++17",
       "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
       "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
       "-Xcompiler=-fPIC", "--expt-relaxed-constexpr", "-MD", "-MT",
       "CMakeFiles/k.dir/k.cu.o", "-MF", "CMakeFiles/k.dir/k.cu.o.d", "-x",
       "cu", "-c", "/src/k.cu", "-o", "CMakeFiles/k.dir/k.cu.o"},
      "/build", Options);
  EXPECT_TRUE(C.IsCuda);
  EXPECT_EQ(C.GpuArch, "sm_80");
  EXPECT_TRUE(C.Problems.empty());
  EXPECT_EQ(C.Arguments,
            (Args{"clang++", "-x", "cuda", "-DUSE_TILES", "-I/src/include",
                  "-isystem", "/opt/lib/include", "-O3", "-DNDEBUG",
                  "-std=c++17", "-c", "/src/k.cu", "-o",
                  "CMakeFiles/k.dir/k.cu.o", "--cuda-device-only",
                  "--cuda-gpu-arch=sm_80", "-nocudalib",
                  "-Wno-unknown-cuda-version"}));
}

TEST(NvccFlagsTest, EveryNvccOnlyOptionIsDropped) {
  Args Zoo = {"nvcc",
              "-Xcompiler",
              "-Wall,-fPIC",
              "--compiler-options=-O2",
              "-Xcudafe",
              "--diag_suppress=177",
              "-Xptxas",
              "-v",
              "--ptxas-options=-O3",
              "-Xnvlink",
              "--suppress-stack-size-warning",
              "--expt-relaxed-constexpr",
              "-expt-extended-lambda",
              "--extended-lambda",
              "--use_fast_math",
              "-rdc=true",
              "-rdc",
              "true",
              "--relocatable-device-code=false",
              "-ccbin",
              "/usr/bin/g++-12",
              "--compiler-bindir=/usr/bin/g++",
              "-G",
              "-lineinfo",
              "--diag-suppress",
              "20012,20208",
              "-diag-suppress=550",
              "--diag_suppress",
              "186",
              "-forward-unknown-to-host-compiler",
              "-allow-unsupported-compiler",
              "--threads",
              "4",
              "-t=0",
              "-Werror",
              "all-warnings",
              "--Werror=cross-execution-space-call",
              "-Wno-deprecated-gpu-targets",
              "--default-stream=per-thread",
              "-maxrregcount=64",
              "--ftz=true",
              "-cudart",
              "shared",
              "-dc",
              "-lcublas",
              "-L/usr/local/cuda/lib64",
              "--keep-dir",
              "/tmp/k",
              "-code=sm_80",
              "-m64",
              "k.cu"};
  ClangCommand C = translateNvccCommand(Zoo, "/build", optionsWithFiles());
  EXPECT_EQ(C.Arguments,
            (Args{"clang++", "-x", "cuda", "-m64", "k.cu", "-fgpu-rdc",
                  "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudalib",
                  "-Wno-unknown-cuda-version"}));
}

TEST(NvccFlagsTest, KeptOptionsAreSpelledTheClangWay) {
  EXPECT_EQ(
      translate({"nvcc", "--include-path=/a,/b", "-I", "/c", "--system-include",
                 "/d", "-isystem=/e", "--pre-include=p.h", "--define-macro",
                 "X=1", "-D", "Y", "-UZ", "--std", "c++20", "--optimize", "2",
                 "--debug", "--disable-warnings", "--machine=64", "-noeh",
                 "-ftemplate-depth", "512", "-Wreorder", "-Wall", "-fopenmp",
                 "-Xcompiler", "-DHOST_ONLY,-fPIC,-I/host", "--compile",
                 "--output-file", "k.o", "k.cu"}),
      (Args{"clang++", "-x", "cuda", "-I/a", "-I/b", "-I/c", "-isystem", "/d",
            "-isystem", "/e", "-include", "p.h", "-DX=1", "-DY", "-UZ",
            "-std=c++20", "-O2", "-g", "-w", "-m64", "-fno-exceptions",
            "-ftemplate-depth=512", "-Wreorder", "-Wall", "-fopenmp",
            "-DHOST_ONLY", "-I/host", "-c", "-o", "k.o", "k.cu",
            "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudalib",
            "-Wno-unknown-cuda-version"}));
}

TEST(NvccFlagsTest, UnknownOptionsAreDroppedUnlessClangSharesThem) {
  EXPECT_EQ(translate({"nvcc", "-pthread", "-march=native", "-mavx2",
                       "--future-nvcc-option", "-fPIC", "-Wextra", "k.cu"}),
            (Args{"clang++", "-x", "cuda", "-fPIC", "-Wextra", "k.cu",
                  "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudalib",
                  "-Wno-unknown-cuda-version"}));
}

TEST(NvccFlagsTest, TheFirstArchitectureNamedIsAnalysed) {
  auto ArchOf = [](const Args &Argv) {
    return translateNvccCommand(Argv, "/build", optionsWithFiles()).GpuArch;
  };
  EXPECT_EQ(ArchOf({"nvcc", "-arch=sm_75", "-gencode",
                    "arch=compute_90,code=sm_90", "k.cu"}),
            "sm_75");
  EXPECT_EQ(ArchOf({"nvcc", "--gpu-architecture", "compute_86", "k.cu"}),
            "sm_86");
  EXPECT_EQ(ArchOf({"nvcc", "-gencode", "arch=compute_70,code=compute_70",
                    "k.cu"}),
            "sm_70");
  EXPECT_EQ(ArchOf({"nvcc", "-gencode=arch=compute_90a,code=[sm_90a]",
                    "k.cu"}),
            "sm_90a");
  EXPECT_EQ(ArchOf({"nvcc", "-arch=native", "-gencode",
                    "arch=compute_100f,code=[compute_100f,sm_100f]", "k.cu"}),
            "sm_100");
  // nvcc's default differs by version; without one, the caller's default.
  EXPECT_EQ(ArchOf({"nvcc", "-arch=all", "k.cu"}), "sm_80");
}

TEST(NvccFlagsTest, OptionsFilesAreExpandedRecursively) {
  NvccTranslationOptions Options = optionsWithFiles(
      {{"/build/outer.rsp",
        "-I/outer --options-file=/abs/inner.rsp -arch sm_86"},
       {"/abs/inner.rsp", "-isystem=/inner \"-DNAME=a b\""}});
  ClangCommand C =
      translateNvccCommand({"nvcc", "-optf", "outer.rsp,missing.rsp", "k.cu"},
                           "/build", Options);
  EXPECT_EQ(C.Arguments,
            (Args{"clang++", "-x", "cuda", "-I/outer", "-isystem", "/inner",
                  "-DNAME=a b", "k.cu", "--cuda-device-only",
                  "--cuda-gpu-arch=sm_86", "-nocudalib",
                  "-Wno-unknown-cuda-version"}));
  ASSERT_EQ(C.Problems.size(), 1U);
  EXPECT_EQ(C.Problems[0], "cannot read options file '/build/missing.rsp'");

  NvccTranslationOptions Loop =
      optionsWithFiles({{"/build/self.rsp", "--options-file self.rsp"}});
  ClangCommand L = translateNvccCommand(
      {"nvcc", "--options-file", "self.rsp", "k.cu"}, "/build", Loop);
  ASSERT_EQ(L.Problems.size(), 1U);
  EXPECT_NE(L.Problems[0].find("nested too deeply"), std::string::npos);
}

TEST(NvccFlagsTest, LanguageDecidesWhetherTheCommandIsCuda) {
  // nvcc compiles a .cpp as host C++ unless told -x cu.
  ClangCommand Host = translateNvccCommand({"nvcc", "-c", "main.cpp"},
                                           "/build", optionsWithFiles());
  EXPECT_FALSE(Host.IsCuda);
  EXPECT_EQ(Host.Arguments, (Args{"clang++", "-c", "main.cpp"}));

  ClangCommand Forced = translateNvccCommand(
      {"nvcc", "-c", "main.cpp", "--x=cu"}, "/build", optionsWithFiles());
  EXPECT_TRUE(Forced.IsCuda);
  EXPECT_EQ(Forced.Arguments[1], "-x");
  EXPECT_EQ(Forced.Arguments[2], "cuda");

  ClangCommand Cxx = translateNvccCommand({"nvcc", "-x", "c++", "-c", "k.cu"},
                                          "/build", optionsWithFiles());
  EXPECT_FALSE(Cxx.IsCuda);
  EXPECT_EQ(Cxx.Arguments, (Args{"clang++", "-x", "c++", "-c", "k.cu"}));
}

TEST(NvccFlagsTest, ALauncherIsDropped) {
  EXPECT_EQ(translate({"ccache", "/usr/local/cuda/bin/nvcc", "-c", "k.cu"}),
            (Args{"clang++", "-x", "cuda", "-c", "k.cu", "--cuda-device-only",
                  "--cuda-gpu-arch=sm_80", "-nocudalib",
                  "-Wno-unknown-cuda-version"}));
}

// bear records the host-compiler runs nvcc makes for the same file; they
// would analyse it again (as plain C++) and repeat each diagnostic.
TEST(NvccFlagsTest, DatabaseKeepsOneCommandPerNvccFile) {
  std::vector<CompileEntry> Entries = {
      {"/build", "/src/k.cu", "",
       {"/usr/local/cuda/bin/nvcc", "-c", "/src/k.cu"}},
      {"/build", "/src/k.cu", "",
       {"/usr/bin/g++", "-E", "-x", "c++", "/src/k.cu"}},
      {"/build", "/src/k.cu", "", {"nvcc", "-arch=sm_90", "-c", "/src/k.cu"}},
      {"/build", "/tmp/tmpxft_0001_00000000-6_k.cudafe1.cpp", "",
       {"/usr/bin/g++", "-c", "/tmp/tmpxft_0001_00000000-6_k.cudafe1.cpp"}},
      {"/src", "main.cpp", "main.o", {"/usr/bin/g++", "-c", "main.cpp"}},
      {"/src", "other.cu", "", {"nvcc", "-c", "other.cu"}},
  };
  TranslatedDatabase D = translateCompileDatabase(Entries, optionsWithFiles());
  EXPECT_EQ(D.NvccCommands, 2U);
  ASSERT_EQ(D.Entries.size(), 3U);
  EXPECT_EQ(D.Entries[0].File, "/src/k.cu");
  EXPECT_EQ(D.Entries[0].Arguments[0], "clang++");
  EXPECT_EQ(D.Entries[0].Arguments[6], "--cuda-gpu-arch=sm_80");
  EXPECT_EQ(D.Entries[1].Arguments, (Args{"/usr/bin/g++", "-c", "main.cpp"}));
  EXPECT_EQ(D.Entries[1].Output, "main.o");
  EXPECT_EQ(D.Entries[2].File, "other.cu");
  EXPECT_EQ(D.Entries[2].Directory, "/src");
}

// Flags a user writes for clang (after "--", in --extra-arg): nvcc's
// options translated, clang's kept as written.
TEST(NvccFlagsTest, MixedFlagsTranslateNvccOptionsAndKeepClangOnes) {
  MixedFlags M = translateMixedFlags(
      {"-Iinclude", "-arch=sm_90", "--extended-lambda", "-rdc=true",
       "--expt-relaxed-constexpr", "-nocudainc", "--cuda-path=/opt/cuda",
       "-Xclang", "-O", "-Wall", "-std=c++20", "-G", "-lineinfo", "-v"},
      "/build", {});
  EXPECT_EQ(M.GpuArch, "sm_90");
  EXPECT_EQ(M.Language, "");
  EXPECT_EQ(M.Flags,
            (Args{"-Iinclude", "-nocudainc", "--cuda-path=/opt/cuda", "-Xclang",
                  "-O", "-Wall", "-std=c++20", "-v", "-fgpu-rdc"}));
}

TEST(NvccFlagsTest, MixedFlagsTakeOutLanguageAndArchitecture) {
  MixedFlags Clang = translateMixedFlags(
      {"-xcuda", "--cuda-gpu-arch=sm_75", "-DN=4"}, "/build", {});
  EXPECT_EQ(Clang.Language, "cuda");
  EXPECT_EQ(Clang.GpuArch, "sm_75");
  EXPECT_EQ(Clang.Flags, (Args{"-DN=4"}));

  MixedFlags Nvcc = translateMixedFlags(
      {"-x", "cu", "-gencode", "arch=compute_80,code=sm_80", "-Xcompiler",
       "-fPIC,-DHOST=1", "-isystem=/opt/include"},
      "/build", {});
  EXPECT_EQ(Nvcc.Language, "cuda");
  EXPECT_EQ(Nvcc.GpuArch, "sm_80");
  EXPECT_EQ(Nvcc.Flags, (Args{"-DHOST=1", "-isystem", "/opt/include"}));

  MixedFlags Cxx = translateMixedFlags({"-x", "c++", "a.cpp"}, "/build", {});
  EXPECT_EQ(Cxx.Language, "c++");
  EXPECT_EQ(Cxx.Flags, (Args{"a.cpp"}));
}

TEST(NvccFlagsTest, MixedFlagsReadOptionsFiles) {
  MixedFlags M = translateMixedFlags(
      {"--options-file", "inc.rsp"}, "/build",
      [](const std::string &Path) -> std::optional<std::string> {
        if (Path == "/build/inc.rsp")
          return std::string("-I/opt/tiles -arch=sm_86");
        return std::nullopt;
      });
  EXPECT_EQ(M.Flags, (Args{"-I/opt/tiles"}));
  EXPECT_EQ(M.GpuArch, "sm_86");
}

// Relocatable device code: the last -rdc wins, -dc implies it; clang needs
// -fgpu-rdc to parse a kernel launched from device code.
TEST(NvccFlagsTest, RelocatableDeviceCodeBecomesFgpuRdc) {
  auto Has = [](const Args &A) {
    return std::find(A.begin(), A.end(), "-fgpu-rdc") != A.end();
  };
  EXPECT_TRUE(Has(translate({"nvcc", "-rdc=true", "-c", "a.cu"})));
  EXPECT_FALSE(Has(translate({"nvcc", "-rdc=true", "-rdc=false", "a.cu"})));
  EXPECT_TRUE(Has(translate({"nvcc", "-dc", "a.cu"})));
  EXPECT_FALSE(Has(translate({"nvcc", "-c", "a.cu"})));
  EXPECT_FALSE(Has(translate({"nvcc", "-rdc=true", "-x", "c++", "a.cpp"})));
}
