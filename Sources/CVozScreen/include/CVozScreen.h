#ifndef CVOZSCREEN_H
#define CVOZSCREEN_H

#include <stddef.h>
#include <stdint.h>

// The screen a recording is replayed on: libvterm's parser and state (the escape sequences, the cursor, the
// modes), with the cells kept here instead of in libvterm's screen layer. libvterm 0.1.4's screen moves every
// cell of every row below a scroll, so a recording on a tall narrow screen where each character scrolls cost the
// screen's height a character; here rows live in slots of a ring, and a scroll of the whole screen turns the ring:
// it costs the rows it uncovers. What the cells hold is what libvterm's screen would hold, cell for cell.

enum {
    VOZ_CELL_BOLD = 1,
    VOZ_CELL_UNDERLINE = 2,
    VOZ_CELL_BLINK = 4,
    VOZ_CELL_REVERSE = 8,
    VOZ_CELL_ITALIC = 16,
    VOZ_CELL_STRIKE = 32,
};

/// The terminal properties the owner hears of: libvterm's VTermProp numbers.
enum {
    VOZ_PROP_CURSORVISIBLE = 1,
    VOZ_PROP_CURSORBLINK = 2,
    VOZ_PROP_ALTSCREEN = 3,
    VOZ_PROP_REVERSE = 6,
};

typedef struct {
    uint32_t character;  // 0 for an empty cell, 0xFFFFFFFF for the right half of a wide character
    uint8_t flags;       // VOZ_CELL_* bits
    int32_t foreground;  // -1 default, 0-255 palette index, 0x1000000 | rgb for direct colour
    int32_t background;
} VozCell;

typedef struct VozScreen VozScreen;

/// What the screen tells its owner, with the owner's pointer.
typedef struct {
    /// A line leaves the top into the scrollback (primary screen only), before the rows move.
    void (*pushline)(const VozCell *cells, int columns, void *user);
    /// Full-width rows [top, bottom) moved up by `downward` rows (down when negative), after they moved; the
    /// rows they uncovered are erased. `turned` is 1 when the whole screen scrolled and the view ring turned.
    void (*moved)(int top, int bottom, int downward, int turned, void *user);
    /// A terminal property: VTermProp, and its boolean value (1/0) when it has one.
    int (*settermprop)(int property, int value, void *user);
    void (*bell)(void *user);
} VozScreenCallbacks;

VozScreen *vozscreen_new(int rows, int columns, const VozScreenCallbacks *callbacks, void *user);
void vozscreen_free(VozScreen *screen);
void vozscreen_write(VozScreen *screen, const char *bytes, size_t count);
/// Resizes as libvterm's screen would (a shorter primary screen pushes its lines above the cursor off the top).
void vozscreen_resize(VozScreen *screen, int rows, int columns);
void vozscreen_cursor(const VozScreen *screen, int *row, int *column);

/// The view ring's offset: a reader of the rows keeps what row `row` held last in slot (view + row) modulo the
/// rows, which turns with the ring, so what moves with a scroll of the whole screen costs nothing to move.
int vozscreen_view(const VozScreen *screen);
/// The rows that changed since the last take, top to bottom, into `rows` (room for every row), their marks
/// cleared; returns how many.
int vozscreen_take_dirty_rows(VozScreen *screen, int *rows);
/// Row `row`'s `columns` cells as they are kept, valid until the next feed or resize: `voz_cells_text` with
/// `vozscreen_flip` reads them as libvterm's vterm_screen_get_cell would.
const VozCell *vozscreen_row(const VozScreen *screen, int row);
/// What reading a row XORs into each cell's flags: VOZ_CELL_REVERSE while the whole screen is in reverse video.
uint8_t vozscreen_flip(const VozScreen *screen);

/// A stretch of a row drawn in one look that is not plain: its first column (wide characters' right halves not
/// counted), its bytes of the row's text, and the look (the VOZ_CELL_* bits a screen reader's user sees: bold,
/// underline, blink, reverse; and the colours).
typedef struct {
    int column;
    int start;
    int end;
    uint8_t flags;
    int32_t foreground;
    int32_t background;
} VozRun;

/// A row of cells as a screen reader meets it, as UTF-8: each cell's character, a blank for an empty cell, a
/// control or a character that is no Unicode scalar, nothing for a wide character's right half. `text` holds at
/// least 4 bytes a cell and `runs` one a cell. Returns the bytes of text up to its last one that is not a blank,
/// with the stretches in `runs` (their count in `runCount`); -1, with no stretches, when every cell is blank in
/// the plain look (no attribute, default colours), the common case a redraw touches. `flip` is XORed into each
/// cell's flags first (VOZ_CELL_REVERSE when the whole screen is in reverse video).
int voz_cells_text(const VozCell *cells, int count, uint8_t flip, uint8_t *text, VozRun *runs, int *runCount);

#endif
