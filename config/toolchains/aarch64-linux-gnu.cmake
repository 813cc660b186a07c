# Cross build for 64-bit Arm Linux with Debian's aarch64-linux-gnu GCC and arm64 libraries
# installed by multiarch (scripts/install-deps --arm64):
#   cmake --preset arm64      or   cmake -S . -B B -DCMAKE_TOOLCHAIN_FILE=config/toolchains/aarch64-linux-gnu.cmake
# Test executables run under qemu-user (CMAKE_CROSSCOMPILING_EMULATOR), so ctest works as
# it does natively. Debian's libyaml-cpp-dev cannot be installed for two architectures at
# once, so install-deps unpacks the arm64 one into a directory of its own, named by
# TFW_ARM64_PREFIX (default: ~/.cache/tfw/arm64), which is searched first.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

if(NOT TFW_ARM64_PREFIX)
  if(DEFINED ENV{TFW_ARM64_PREFIX})
    set(TFW_ARM64_PREFIX "$ENV{TFW_ARM64_PREFIX}")
  else()
    set(TFW_ARM64_PREFIX "$ENV{HOME}/.cache/tfw/arm64")
  endif()
endif()
set(TFW_ARM64_PREFIX "${TFW_ARM64_PREFIX}" CACHE PATH "Where install-deps unpacked the arm64 packages that cannot be co-installed")
list(PREPEND CMAKE_PREFIX_PATH "${TFW_ARM64_PREFIX}/usr")

# Programs are the build machine's; libraries, headers and packages the target's, which
# multiarch keeps under /usr/lib/aarch64-linux-gnu (CMAKE_LIBRARY_ARCHITECTURE), so no
# x86-64 library can be picked up.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)

# qemu-user runs the arm64 programs with the arm64 dynamic loader and libc of multiarch
# (libc6:arm64, /lib/ld-linux-aarch64.so.1). Not with -L /usr/aarch64-linux-gnu, the cross
# compiler's own libc: there, qemu 7.2 hangs in the first pthread_create.
find_program(TFW_QEMU_AARCH64 qemu-aarch64 REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR "${TFW_QEMU_AARCH64}")
