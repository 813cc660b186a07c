#include "tfw/shell/file_io.hpp"

#include <boost/test/unit_test.hpp>

#include "scratch_dir.hpp"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <fstream>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using namespace tfw::shell;

namespace {

using testing::ScratchDir;
using testing::get;
using testing::put;

unsigned mode_of(const fs::path& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return 0;
    return info.st_mode & 07777;
}

std::string error_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

BOOST_AUTO_TEST_CASE(write_file_atomically_table) {
    struct Case {
        std::string name;
        std::optional<std::string> existing;  // content before, if the file exists
        unsigned existing_mode;
        std::string content;
        unsigned expected_mode;
    };
    const std::string big(200000, 'x');
    const std::vector<Case> cases = {
        {"new file", std::nullopt, 0, "moved {\n}\n", 0644},
        {"new empty file", std::nullopt, 0, "", 0644},
        {"replace a longer file", std::string(1000, 'a'), 0644, "short\n", 0644},
        {"keeps 0600", "old", 0600, "new", 0600},
        {"keeps 0755", "old", 0755, "new", 0755},
        {"keeps 0640", "old", 0640, "new", 0640},
        {"keeps 0664", "old", 0664, "new", 0664},
        {"binary content", std::nullopt, 0, std::string("a\0b\r\n\xff", 6), 0644},
        {"large content", std::nullopt, 0, big, 0644},
    };
    const mode_t old_umask = ::umask(022);
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            ScratchDir dir;
            fs::path file = dir.path / "moved.tf";
            if (c.existing) {
                put(file, *c.existing);
                ::chmod(file.c_str(), c.existing_mode);
            }
            write_file_atomically(file, c.content);
            BOOST_TEST(get(file) == c.content);
            BOOST_TEST(mode_of(file) == c.expected_mode);
            // No temporary file left next to it.
            BOOST_TEST(dir.names() == std::vector<std::string>{"moved.tf"}, boost::test_tools::per_element());
        }
    }
    ::umask(old_umask);
}

// Issue 48: a new file gets 0666 less the umask, as `touch` makes it; one replaced keeps
// its mode; a plan or state copy is 0600 whatever the umask and the replaced file's mode.
BOOST_AUTO_TEST_CASE(modes_follow_the_umask_and_what_the_file_holds) {
    struct Case {
        std::string name;
        mode_t umask;
        std::optional<unsigned> existing_mode;
        FileContents contents;
        unsigned expected_mode;
    };
    const std::vector<Case> cases = {
        {"new, umask 022", 022, std::nullopt, FileContents::user_file, 0644},
        {"new, umask 077", 077, std::nullopt, FileContents::user_file, 0600},
        {"new, umask 002", 002, std::nullopt, FileContents::user_file, 0664},
        {"new, umask 027", 027, std::nullopt, FileContents::user_file, 0640},
        {"replaced 0644 under umask 077 keeps its mode", 077, 0644u, FileContents::user_file, 0644},
        {"private, new, umask 000", 000, std::nullopt, FileContents::private_data, 0600},
        {"private over an existing 0644", 022, 0644u, FileContents::private_data, 0600},
        {"private over an existing 0666", 000, 0666u, FileContents::private_data, 0600},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            ScratchDir dir;
            const fs::path file = dir.path / "plan.out";
            if (c.existing_mode) {
                put(file, "old");
                ::chmod(file.c_str(), *c.existing_mode);
            }
            const mode_t old = ::umask(c.umask);
            BOOST_TEST(process_umask() == static_cast<unsigned>(c.umask));
            WriteOptions options;
            options.contents = c.contents;
            write_file_atomically(file, "new", options);
            ::umask(old);
            BOOST_TEST(get(file) == "new");
            BOOST_TEST(mode_of(file) == c.expected_mode);
        }
    }
}

BOOST_AUTO_TEST_CASE(write_file_atomically_errors_name_the_file) {
    ScratchDir dir;
    fs::path missing = dir.path / "no-such-dir" / "moved.tf";
    std::string error = error_of([&] { write_file_atomically(missing, "x"); });
    BOOST_TEST(error.find(missing.string()) != std::string::npos, error);
    BOOST_TEST(error.find("No such file or directory") != std::string::npos, error);
    BOOST_TEST(!fs::exists(missing.parent_path()));

    // A directory in the way of the rename.
    fs::create_directory(dir.path / "taken.tf");
    error = error_of([&] { write_file_atomically(dir.path / "taken.tf", "x"); });
    BOOST_TEST(error.rfind("cannot replace " + (dir.path / "taken.tf").string() + ": ", 0) == 0u, error);
    BOOST_TEST(dir.names() == std::vector<std::string>{"taken.tf"}, boost::test_tools::per_element());
}

// As `terraform fmt` does, even for root, who may write anything: the mode is the user's word.
BOOST_AUTO_TEST_CASE(a_file_without_write_permission_is_refused_and_left_as_it_was) {
    for (unsigned mode : {0444u, 0400u, 0555u}) {
        BOOST_TEST_CONTEXT("mode " << std::oct << mode) {
            ScratchDir dir;
            fs::path file = dir.path / "moved.tf";
            put(file, "old\n");
            ::chmod(file.c_str(), mode);
            std::string error = error_of([&] { write_file_atomically(file, "new\n"); });
            BOOST_TEST(error == "cannot write " + file.string() + ": Permission denied");
            BOOST_TEST(get(file) == "old\n");
            BOOST_TEST(mode_of(file) == mode);
            BOOST_TEST(dir.names() == std::vector<std::string>{"moved.tf"}, boost::test_tools::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(a_write_replaces_only_what_its_caller_read) {
    struct Case {
        std::string name;
        std::optional<std::string> before;  // the file when the write commits; nullopt: missing
        std::string replaces;
        bool written;
    };
    const std::vector<Case> cases = {
        {"unchanged", "a\n", "a\n", true},
        {"edited meanwhile", "a\nb\n", "a\n", false},
        {"a missing file reads as empty", std::nullopt, "", true},
        {"created meanwhile", "x\n", "", false},
        {"removed meanwhile", std::nullopt, "a\n", false},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            ScratchDir dir;
            fs::path file = dir.path / "moved.tf";
            std::string error;
            {
                StagedWrite write(file, "new\n", replacing(c.replaces));
                if (c.before) put(file, *c.before);
                error = error_of([&] { write.commit(); });
            }
            BOOST_TEST(dir.names() == (fs::exists(file) ? std::vector<std::string>{"moved.tf"} : std::vector<std::string>{}),
                       boost::test_tools::per_element());
            if (c.written) {
                BOOST_TEST(error == "no error");
                BOOST_TEST(get(file) == "new\n");
            } else {
                BOOST_TEST(error == file.string() + " changed after tfw read it; it is left as it is (run tfw again)");
                BOOST_TEST(fs::exists(file) == c.before.has_value());
                if (c.before) BOOST_TEST(get(file) == *c.before);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(read_file_table) {
    struct Case {
        std::string name;
        std::string content;
    };
    const std::vector<Case> cases = {
        {"empty", ""},
        {"text", "moved {\n  from = a.b\n  to   = a.c\n}\n"},
        {"binary", std::string("\0\x01\xff\r\n", 5)},
        {"larger than one read", std::string(3 * 65536 + 17, 'q')},
        {"larger than a huge page", std::string(5 * 1024 * 1024 + 3, 'h')},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.name) {
            ScratchDir dir;
            put(dir.path / "f", c.content);
            BOOST_TEST(read_file(dir.path / "f") == c.content);
        }
    }
}

// A pipe has no size to read into: the buffer grows as the text comes.
BOOST_AUTO_TEST_CASE(read_descriptor_from_a_pipe) {
    for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{65536}, std::size_t{65537}, std::size_t{1000003}}) {
        BOOST_TEST_CONTEXT(size << " bytes") {
            std::string content(size, 'p');
            for (std::size_t i = 0; i < size; i += 997) content[i] = static_cast<char>('a' + i % 26);
            int fds[2];
            BOOST_TEST_REQUIRE(::pipe(fds) == 0);
            // The writer runs alongside: a pipe holds 64 KiB, less than most cases.
            std::thread writer([&] {
                std::size_t written = 0;
                while (written < content.size()) {
                    ssize_t n = ::write(fds[1], content.data() + written, content.size() - written);
                    if (n <= 0) break;
                    written += static_cast<std::size_t>(n);
                }
                ::close(fds[1]);
            });
            std::string read = read_descriptor(fds[0], "the pipe");
            writer.join();
            ::close(fds[0]);
            BOOST_TEST(read.size() == content.size());
            BOOST_TEST((read == content));
        }
    }
}

BOOST_AUTO_TEST_CASE(read_file_errors_name_the_file) {
    ScratchDir dir;
    fs::path missing = dir.path / "missing.tf";
    BOOST_TEST(error_of([&] { read_file(missing); }) == "cannot read " + missing.string() + ": No such file or directory");
    BOOST_TEST(error_of([&] { read_file(dir.path); }) == "cannot read " + dir.path.string() + ": Is a directory");
}

BOOST_AUTO_TEST_CASE(write_then_read) {
    ScratchDir dir;
    fs::path file = dir.path / "round.tf";
    write_file_atomically(file, "one");
    write_file_atomically(file, "two, longer");
    BOOST_TEST(read_file(file) == "two, longer");
}

// A tfw killed between creating its temporary file and renaming it leaves the temporary
// behind; the next write of the same file removes it, when its process is gone.
BOOST_AUTO_TEST_CASE(write_file_atomically_removes_temporaries_of_killed_writers) {
    pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    BOOST_TEST_REQUIRE(child > 0);
    int status = 0;
    ::waitpid(child, &status, 0);
    const std::string dead = std::to_string(child);
    const std::string parent = std::to_string(::getppid());

    struct Case {
        std::string name;
        bool removed;
    };
    const std::vector<Case> cases = {
        {"moved.tf.tfw-" + dead + "-0123456789abcdef.tmp", true},    // a write cut short
        {"moved.tf.tfw-" + dead + ".tmp", true},                     // an older tfw's
        {"moved.tf.tfw-" + parent + "-0123456789abcdef.tmp", false}, // its writer still runs
        {"moved.tf.tfw-" + dead + "x.tmp", false},                   // not a pid
        {"moved.tf.tfw-" + dead + "-xyz.tmp", false},                // not hexadecimal
        {"moved.tf.tfw-.tmp", false},
        {"other.tf.tfw-" + dead + ".tmp", false},                    // another file's
        {"moved.tf.tfw-" + dead + ".tmp.bak", false},
        {"moved.tf", false},
    };
    ScratchDir dir;
    for (const auto& c : cases) put(dir.path / c.name, "half a fi");
    write_file_atomically(dir.path / "moved.tf", "whole\n");
    for (const auto& c : cases)
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST(fs::exists(dir.path / c.name) == !c.removed); }
    BOOST_TEST(get(dir.path / "moved.tf") == "whole\n");
}

// The error names the file the user knows, never the temporary one.
BOOST_AUTO_TEST_CASE(write_file_atomically_errors_do_not_name_the_temporary) {
    ScratchDir dir;
    fs::path missing = dir.path / "no-such-dir" / "moved.tf";
    std::string error = error_of([&] { write_file_atomically(missing, "x"); });
    BOOST_TEST(error == "cannot write " + missing.string() + ": No such file or directory");
}

BOOST_AUTO_TEST_CASE(absolute_directory_table) {
    const fs::path cwd = fs::current_path();
    struct Case {
        fs::path dir;
        fs::path expected;
    };
    const std::vector<Case> cases = {
        {".", cwd},
        {"./", cwd},
        {"a/../b/.", cwd / "b"},
        {"/srv/infra", "/srv/infra"},
        {"/srv/infra/", "/srv/infra"},
        {"/srv/./infra/.", "/srv/infra"},
        {"/", "/"},
    };
    for (const auto& c : cases)
        BOOST_TEST_CONTEXT(c.dir) { BOOST_TEST(absolute_directory(c.dir) == c.expected); }
}

BOOST_AUTO_TEST_CASE(temporary_owner_table) {
    struct Case {
        std::string name;
        std::optional<long> owner;
    };
    const std::vector<Case> cases = {
        {"moved.tf.tfw-42-00ff.tmp", 42},
        {"moved.tf.tfw-42.tmp", 42},
        {"moved.tf.tfw-42-.tmp", std::nullopt},
        {"moved.tf.tfw-42-0g.tmp", std::nullopt},
        {"moved.tf.tfw--1.tmp", std::nullopt},
        {"moved.tf.tfw-0.tmp", std::nullopt},
        {"moved.tfx.tfw-42.tmp", std::nullopt},
        {"moved.tf.tfw-42.tmpx", std::nullopt},
        {"moved.tf", std::nullopt},
    };
    for (const auto& c : cases)
        BOOST_TEST_CONTEXT(c.name) { BOOST_TEST((temporary_owner(c.name, "moved.tf") == c.owner)); }
}

// Issue 48: in a directory anyone may write to, another user can create names before tfw
// does. The temporary file is created anew under a name nobody can guess, never opened
// where someone left a link or a file: a pre-created temporary of the old, predictable
// name changes nothing, and the file written is tfw's own.
BOOST_AUTO_TEST_CASE(a_pre_created_temporary_is_never_written_through) {
    for (const bool as_link : {true, false}) {
        BOOST_TEST_CONTEXT((as_link ? "a link" : "a regular file")) {
            ScratchDir dir;
            const fs::path victim = dir.path / "victim";
            put(victim, "precious\n");
            const fs::path file = dir.path / "plan.out";
            const fs::path predictable = dir.path / ("plan.out.tfw-" + std::to_string(::getpid()) + ".tmp");
            if (as_link) fs::create_symlink(victim, predictable);
            else put(predictable, "");
            write_private_file(file, "state and secrets");
            BOOST_TEST(get(victim) == "precious\n");
            BOOST_TEST(get(file) == "state and secrets");
            BOOST_TEST(!fs::is_symlink(file));
            BOOST_TEST(mode_of(file) == 0600u);
        }
    }
}

// Issue 48: a linked file is written through to its target, as terraform's own writes
// are: the link stays a link, and its target holds the new bytes.
BOOST_AUTO_TEST_CASE(a_symbolic_link_is_written_through) {
    ScratchDir dir;
    fs::create_directory(dir.path / "shared");
    put(dir.path / "shared" / "moved.tf", "old\n");
    fs::create_symlink("shared/moved.tf", dir.path / "moved.tf");
    fs::create_symlink(dir.path / "moved.tf", dir.path / "second.tf");  // a link to a link
    write_file_atomically(dir.path / "second.tf", "new\n", replacing("old\n"));
    BOOST_TEST(fs::is_symlink(dir.path / "moved.tf"));
    BOOST_TEST(fs::is_symlink(dir.path / "second.tf"));
    BOOST_TEST(get(dir.path / "shared" / "moved.tf") == "new\n");

    // A dangling link: its target is created, as open(2) would create it.
    fs::create_symlink("shared/new.tf", dir.path / "new.tf");
    write_file_atomically(dir.path / "new.tf", "made\n");
    BOOST_TEST(fs::is_symlink(dir.path / "new.tf"));
    BOOST_TEST(get(dir.path / "shared" / "new.tf") == "made\n");

    // A loop is an error naming the file.
    fs::create_symlink("loop-b", dir.path / "loop-a");
    fs::create_symlink("loop-a", dir.path / "loop-b");
    const std::string error = error_of([&] { write_file_atomically(dir.path / "loop-a", "x"); });
    BOOST_TEST(error == "cannot write " + (dir.path / "loop-a").string() + ": Too many levels of symbolic links");
}

// Issue 48: a link another user owns in a sticky directory anyone may write to (/tmp) is
// not followed, as the kernel's protected_symlinks would not follow it.
BOOST_AUTO_TEST_CASE(a_link_another_user_owns_in_a_shared_directory_is_refused) {
    if (::geteuid() != 0) return;  // only root can give a link to another user
    ScratchDir dir;
    const fs::path shared = dir.path / "shared";
    fs::create_directory(shared);
    ::chmod(shared.c_str(), 01777);
    const fs::path victim = dir.path / "victim";
    put(victim, "precious\n");
    fs::create_symlink(victim, shared / "plan.out");
    BOOST_TEST_REQUIRE(::lchown((shared / "plan.out").c_str(), 65534, 65534) == 0);
    const std::string error = error_of([&] { write_private_file(shared / "plan.out", "secrets"); });
    BOOST_TEST(error == "refusing to write " + (shared / "plan.out").string() + ": " + (shared / "plan.out").string() +
                            " is a symbolic link that another user owns in a directory anyone may write to");
    BOOST_TEST(get(victim) == "precious\n");
    // Not in a directory of its owner's: the same link of this user's is followed.
    BOOST_TEST_REQUIRE(::lchown((shared / "plan.out").c_str(), ::geteuid(), ::getegid()) == 0);
    write_private_file(shared / "plan.out", "secrets");
    BOOST_TEST(get(victim) == "secrets");
}

// A private copy's writes stay inside it: a link copied as it is that leads out of it is
// refused, not written through.
BOOST_AUTO_TEST_CASE(a_confined_write_never_leaves_its_directory) {
    ScratchDir dir;
    fs::create_directory(dir.path / "copy");
    put(dir.path / "original.tf", "user's\n");
    fs::create_symlink(dir.path / "original.tf", dir.path / "copy" / "moved.tf");
    const std::string error = error_of([&] { write_file_atomically(dir.path / "copy" / "moved.tf", "pruned", confined(dir.path / "copy")); });
    BOOST_TEST(error == "refusing to write " + (dir.path / "copy" / "moved.tf").string() + ": it resolves to " +
                            (dir.path / "original.tf").string() + ", outside " + (dir.path / "copy").string());
    BOOST_TEST(get(dir.path / "original.tf") == "user's\n");
    write_file_atomically(dir.path / "copy" / "own.tf", "inside", confined(dir.path / "copy"));
    BOOST_TEST(get(dir.path / "copy" / "own.tf") == "inside");
}
