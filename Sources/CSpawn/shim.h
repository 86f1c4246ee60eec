#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

// glibc (2.34 and later) has all three; its headers declare them only under _GNU_SOURCE, which Swift's Glibc module
// is built without. The process layer (VozProcess) needs them to spawn children that inherit no descriptor by
// accident and start in the folder they are given.
extern int pipe2(int descriptors[2], int flags);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);

// POSIX_SPAWN_SETSID (glibc 2.26 and later), hidden behind _GNU_SOURCE like the three above: the child calls setsid
// before the file actions run, so the terminal it then opens becomes its controlling terminal. Spelled here, once,
// with glibc's value; a test checks that a child spawned with it leads a session of its own.
#define VOZ_POSIX_SPAWN_SETSID 0x80

#include <sys/ioctl.h>

// TIOCSWINSZ through ioctl's variadic signature, which Swift cannot call: sets a pseudo-terminal's size, and the
// kernel sends SIGWINCH to its foreground process group.
static inline int voz_set_window_size(int descriptor, unsigned short columns, unsigned short rows) {
    struct winsize size = {.ws_row = rows, .ws_col = columns, .ws_xpixel = 0, .ws_ypixel = 0};
    return ioctl(descriptor, TIOCSWINSZ, &size);
}

// TIOCGWINSZ likewise: the size of the terminal `descriptor` is, so a program run under a pseudo-terminal gets the
// person's. Returns -1 when the descriptor is no terminal.
static inline int voz_get_window_size(int descriptor, unsigned short *columns, unsigned short *rows) {
    struct winsize size = {0};
    if (ioctl(descriptor, TIOCGWINSZ, &size) != 0) return -1;
    *columns = size.ws_col;
    *rows = size.ws_row;
    return 0;
}
