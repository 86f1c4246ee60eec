#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

// glibc (2.34 and later) has both; its headers declare them only under _GNU_SOURCE, which Swift's Glibc module is
// built without. The fuzzer's supervisor needs them to spawn children that inherit no descriptor by accident.
extern int pipe2(int descriptors[2], int flags);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
