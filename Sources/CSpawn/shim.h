#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

// glibc (2.34 and later) has all three; its headers declare them only under _GNU_SOURCE, which Swift's Glibc module
// is built without. The one child-process runner (VozTestSupport's ChildProcess) needs them to spawn children that
// inherit no descriptor by accident and start in the folder they are given.
extern int pipe2(int descriptors[2], int flags);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);
