// Linked into tfw only when it is built against an older glibc (TFW_GLIBC_SYSROOT: the
// release tarballs, built against Debian 11's glibc 2.31). The static libstdc++, Boost and
// yaml-cpp archives were compiled against the build machine's glibc (2.36), and two of the
// names they use came after 2.31. Each is defined here in a way that is correct on every
// glibc; tfw does not export them, so on a newer glibc they never replace glibc's own.
#include <sys/random.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>

extern "C" {

// glibc 2.32's "this process has one thread", with which libstdc++ skips atomic reference
// counts. Always 0 here, "maybe several": the atomic operations are always used.
char __libc_single_threaded = 0;

// glibc 2.36's arc4random, which libstdc++'s std::random_device may use (its archive member
// is linked in by libstdc++'s own strings, whether or not tfw uses random_device). The
// kernel's random source, as glibc's is; like glibc's, it cannot fail, so it aborts if the
// kernel gives no random bytes at all.
std::uint32_t arc4random(void) {
    std::uint32_t value = 0;
    for (;;) {
        const ssize_t got = ::getrandom(&value, sizeof value, 0);
        if (got == static_cast<ssize_t>(sizeof value)) return value;
        if (got < 0 && errno != EINTR) std::abort();
    }
}
}
