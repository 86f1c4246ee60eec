#include "CVozScreen.h"

#include <stdlib.h>
#include <string.h>
#include <vterm.h>

_Static_assert(VOZ_PROP_CURSORVISIBLE == VTERM_PROP_CURSORVISIBLE && VOZ_PROP_CURSORBLINK == VTERM_PROP_CURSORBLINK
        && VOZ_PROP_ALTSCREEN == VTERM_PROP_ALTSCREEN && VOZ_PROP_REVERSE == VTERM_PROP_REVERSE,
    "VOZ_PROP_* are libvterm's numbers");

// A cell written while DECSCA protection was on: a selective erase leaves it. Never read out.
#define VOZ_CELL_PROTECTED 64

struct VozScreen {
    VTerm *vt;
    VTermState *state;
    VozScreenCallbacks callbacks;
    void *user;
    int rows;
    int columns;
    // The primary screen and the alternate one; each a ring of rows, row r in slot (base + r) % rows.
    VozCell *buffers[2];
    int base[2];
    int active;
    // The owner's ring of what it last read: it turns with every scroll of the whole screen, whichever buffer.
    int view;
    uint8_t *dirty;  // by view slot
    int anyDirty;
    int reverse;  // DECSCNM: the whole screen in reverse video
    VozCell pen;
    VozCell *scratch;  // one row, for lines pushed off the top
};

// MARK: - Rows and cells

static int wrap(int value, int count) {
    // A row or slot and a ring base are each below `count`: their sum needs one subtraction, not a division, and
    // this runs for every glyph written.
    if (value >= 0 && value < count) return value;
    if (value >= count && value < 2 * count) return value - count;
    int rest = value % count;
    return rest < 0 ? rest + count : rest;
}

/// Copies row `row`'s cells into `out` as libvterm's vterm_screen_get_cell reads them: reverse video flipped in.
static void read_row(const VozScreen *screen, int row, VozCell *out);

static VozCell *row_cells(const VozScreen *screen, int row) {
    int slot = wrap(screen->base[screen->active] + row, screen->rows);
    return screen->buffers[screen->active] + (size_t)slot * (size_t)screen->columns;
}

static void mark(VozScreen *screen, int start, int end) {
    if (start < 0) start = 0;
    if (end > screen->rows) end = screen->rows;
    for (int row = start; row < end; row++) screen->dirty[wrap(screen->view + row, screen->rows)] = 1;
    if (start < end) screen->anyDirty = 1;
}

static int32_t color_key(VTermColor color, int background) {
    if (background ? VTERM_COLOR_IS_DEFAULT_BG(&color) : VTERM_COLOR_IS_DEFAULT_FG(&color)) return -1;
    if (VTERM_COLOR_IS_INDEXED(&color)) return color.indexed.idx;
    return 0x1000000 | (color.rgb.red << 16) | (color.rgb.green << 8) | color.rgb.blue;
}

/// A cell as the pen would write it: no character, the pen's look (as libvterm erases and fills).
static VozCell blank_cell(const VozScreen *screen) {
    VozCell cell = screen->pen;
    cell.character = 0;
    return cell;
}

static void erase_cells(VozScreen *screen, VTermRect rect, int selective) {
    int startRow = rect.start_row < 0 ? 0 : rect.start_row;
    int endRow = rect.end_row > screen->rows ? screen->rows : rect.end_row;
    int startColumn = rect.start_col < 0 ? 0 : rect.start_col;
    int endColumn = rect.end_col > screen->columns ? screen->columns : rect.end_col;
    VozCell blank = blank_cell(screen);
    for (int row = startRow; row < endRow; row++) {
        VozCell *cells = row_cells(screen, row);
        for (int column = startColumn; column < endColumn; column++) {
            if (selective && (cells[column].flags & VOZ_CELL_PROTECTED)) continue;
            cells[column] = blank;
        }
    }
}

static VozCell *new_buffer(int rows, int columns) { return calloc((size_t)rows * (size_t)columns, sizeof(VozCell)); }

// MARK: - libvterm's state callbacks

static int on_putglyph(VTermGlyphInfo *info, VTermPos pos, void *user) {
    VozScreen *screen = user;
    if (pos.row < 0 || pos.row >= screen->rows || pos.col < 0 || pos.col >= screen->columns) return 0;
    VozCell *cells = row_cells(screen, pos.row);
    VozCell *cell = cells + pos.col;
    // Each field is stored once, from the pen or from the cell, on a branch rather than a pointer chosen by the
    // character: the cell stored whole and read back for its flags stalled every glyph on a store the load could
    // not be forwarded from, and a pointer chosen by the character waited on it for every load after.
    uint8_t protect = info->protected_cell ? VOZ_CELL_PROTECTED : 0;
    uint32_t character = info->chars[0];
    if (character) {
        // Combining characters after the first are kept by libvterm but never read: a cell is its first.
        cell->character = character;
        cell->flags = (uint8_t)((screen->pen.flags & ~VOZ_CELL_PROTECTED) | protect);
        cell->foreground = screen->pen.foreground;
        cell->background = screen->pen.background;
    } else {
        cell->character = 0;
        cell->flags = (uint8_t)((cell->flags & ~VOZ_CELL_PROTECTED) | protect);
    }
    for (int column = 1; column < info->width && pos.col + column < screen->columns; column++)
        cells[pos.col + column].character = 0xFFFFFFFF;
    mark(screen, pos.row, pos.row + 1);
    return 1;
}

static int on_movecursor(VTermPos pos, VTermPos oldpos, int visible, void *user) {
    (void)pos, (void)oldpos, (void)visible, (void)user;
    return 0;
}

static int on_erase(VTermRect rect, int selective, void *user) {
    VozScreen *screen = user;
    erase_cells(screen, rect, selective);
    mark(screen, rect.start_row, rect.end_row);
    return 1;
}

/// Moves the rows of a full-width region the way libvterm's screen does, in slots: the whole screen by turning
/// both rings, part of it by copying the rows that move (as libvterm does, a region costs its height).
static void move_rows(VozScreen *screen, VTermRect rect, int downward) {
    int turned = rect.start_row == 0 && rect.end_row == screen->rows;
    if (turned) {
        screen->base[screen->active] = wrap(screen->base[screen->active] + downward, screen->rows);
        screen->view = wrap(screen->view + downward, screen->rows);
    } else {
        int count = rect.end_row - rect.start_row - abs(downward);
        int to = downward > 0 ? rect.start_row : rect.start_row - downward;
        int from = to + downward;
        size_t size = (size_t)screen->columns * sizeof(VozCell);
        for (int step = 0; step < count; step++) {
            int offset = downward > 0 ? step : count - 1 - step;
            memcpy(row_cells(screen, to + offset), row_cells(screen, from + offset), size);
            screen->dirty[wrap(screen->view + to + offset, screen->rows)] =
                screen->dirty[wrap(screen->view + from + offset, screen->rows)];
        }
    }
    if (screen->callbacks.moved)
        screen->callbacks.moved(rect.start_row, rect.end_row, downward, turned, screen->user);
}

/// Part of rows moving sideways, or rows within side margins: cells copied, the rows marked changed.
static void move_cells(VozScreen *screen, VTermRect dest, VTermRect src) {
    int downward = src.start_row - dest.start_row;
    int count = dest.end_row - dest.start_row;
    int width = dest.end_col - dest.start_col;
    for (int step = 0; step < count; step++) {
        int row = downward < 0 ? dest.end_row - 1 - step : dest.start_row + step;
        memmove(row_cells(screen, row) + dest.start_col, row_cells(screen, row + downward) + src.start_col,
            (size_t)width * sizeof(VozCell));
    }
    mark(screen, dest.start_row, dest.end_row);
}

static int on_scrollrect(VTermRect rect, int downward, int rightward, void *user) {
    VozScreen *screen = user;
    // Kept within the screen: libvterm's screen trusts the state, which a hostile sequence once made it regret.
    if (rect.start_row < 0) rect.start_row = 0;
    if (rect.end_row > screen->rows) rect.end_row = screen->rows;
    if (rect.start_col < 0) rect.start_col = 0;
    if (rect.end_col > screen->columns) rect.end_col = screen->columns;
    int height = rect.end_row - rect.start_row;
    int width = rect.end_col - rect.start_col;
    if (height <= 0 || width <= 0) return 1;
    if (abs(downward) >= height || abs(rightward) >= width) {
        // More than the region holds: all of it is erased, nothing moves and nothing leaves the top.
        erase_cells(screen, rect, 0);
        mark(screen, rect.start_row, rect.end_row);
        return 1;
    }
    VTermRect dest = rect, src = rect;
    if (rightward >= 0) {
        dest.end_col = rect.end_col - rightward;
        src.start_col = rect.start_col + rightward;
    } else {
        dest.start_col = rect.start_col - rightward;
        src.end_col = rect.end_col + rightward;
    }
    if (downward >= 0) {
        dest.end_row = rect.end_row - downward;
        src.start_row = rect.start_row + downward;
    } else {
        dest.start_row = rect.start_row - downward;
        src.end_row = rect.end_row + downward;
    }
    // Lines leave the top into the scrollback when the region starts at the top-left corner and is full width.
    if (screen->callbacks.pushline && dest.start_row == 0 && dest.start_col == 0 && dest.end_col == screen->columns
        && screen->active == 0) {
        for (int row = 0; row < src.start_row; row++) {
            read_row(screen, row, screen->scratch);
            screen->callbacks.pushline(screen->scratch, screen->columns, screen->user);
        }
    }
    if (rightward == 0 && rect.start_col == 0 && rect.end_col == screen->columns)
        move_rows(screen, rect, downward);
    else
        move_cells(screen, dest, src);
    VTermRect uncovered = rect;
    if (downward > 0)
        uncovered.start_row = rect.end_row - downward;
    else if (downward < 0)
        uncovered.end_row = rect.start_row - downward;
    if (rightward > 0)
        uncovered.start_col = rect.end_col - rightward;
    else if (rightward < 0)
        uncovered.end_col = rect.start_col - rightward;
    erase_cells(screen, uncovered, 0);
    mark(screen, uncovered.start_row, uncovered.end_row);
    return 1;
}

static int on_setpenattr(VTermAttr attr, VTermValue *value, void *user) {
    VozScreen *screen = user;
    uint8_t bit = 0;
    switch (attr) {
    case VTERM_ATTR_BOLD: bit = VOZ_CELL_BOLD; break;
    case VTERM_ATTR_UNDERLINE:
        screen->pen.flags = (uint8_t)((screen->pen.flags & ~VOZ_CELL_UNDERLINE) | (value->number ? VOZ_CELL_UNDERLINE : 0));
        return 1;
    case VTERM_ATTR_ITALIC: bit = VOZ_CELL_ITALIC; break;
    case VTERM_ATTR_BLINK: bit = VOZ_CELL_BLINK; break;
    case VTERM_ATTR_REVERSE: bit = VOZ_CELL_REVERSE; break;
    case VTERM_ATTR_STRIKE: bit = VOZ_CELL_STRIKE; break;
    case VTERM_ATTR_FOREGROUND: screen->pen.foreground = color_key(value->color, 0); return 1;
    case VTERM_ATTR_BACKGROUND: screen->pen.background = color_key(value->color, 1); return 1;
    default: return 1;
    }
    screen->pen.flags = (uint8_t)((screen->pen.flags & ~bit) | (value->boolean ? bit : 0));
    return 1;
}

static int on_settermprop(VTermProp prop, VTermValue *value, void *user) {
    VozScreen *screen = user;
    switch (prop) {
    case VTERM_PROP_ALTSCREEN:
        screen->active = value->boolean ? 1 : 0;
        // Turning it on erases it, which marks it; turning it off shows the primary screen again.
        if (!value->boolean) mark(screen, 0, screen->rows);
        break;
    case VTERM_PROP_REVERSE:
        screen->reverse = value->boolean;
        mark(screen, 0, screen->rows);
        break;
    default: break;
    }
    if (screen->callbacks.settermprop) return screen->callbacks.settermprop(prop, value->boolean, screen->user);
    return 1;
}

static int on_bell(void *user) {
    VozScreen *screen = user;
    if (screen->callbacks.bell) screen->callbacks.bell(screen->user);
    return 1;
}

/// Whether a row holds nothing from `column` on (libvterm's end of line).
static int is_end_of_line(VozScreen *screen, int row) {
    VozCell *cells = row_cells(screen, row);
    for (int column = 0; column < screen->columns; column++)
        if (cells[column].character != 0) return 0;
    return 1;
}

static VozCell *resized(VozScreen *screen, int buffer, int rows, int columns) {
    VozCell *cells = new_buffer(rows, columns);
    VozCell blank = blank_cell(screen);
    int active = screen->active;
    screen->active = buffer;
    for (int row = 0; row < rows; row++) {
        VozCell *old = row < screen->rows ? row_cells(screen, row) : NULL;
        for (int column = 0; column < columns; column++)
            cells[(size_t)row * (size_t)columns + (size_t)column] =
                old && column < screen->columns ? old[column] : blank;
    }
    screen->active = active;
    free(screen->buffers[buffer]);
    return cells;
}

static int on_resize(int rows, int columns, VTermPos *delta, void *user) {
    VozScreen *screen = user;
    if (screen->active == 0 && rows < screen->rows) {
        // Fewer rows: the lines above the cursor that no longer fit leave the top, as libvterm's screen does.
        VTermPos cursor;
        vterm_state_get_cursorpos(screen->state, &cursor);
        int row = screen->rows - 1;
        for (; row >= rows; row--)
            if (!is_end_of_line(screen, row) || cursor.row == row) break;
        int firstBlank = row + 1;
        if (firstBlank > rows) {
            VTermRect rect = {.start_row = 0, .end_row = screen->rows, .start_col = 0, .end_col = screen->columns};
            on_scrollrect(rect, firstBlank - rows, 0, user);
            delta->row -= firstBlank - rows;
        }
    }
    screen->buffers[0] = resized(screen, 0, rows, columns);
    screen->buffers[1] = resized(screen, 1, rows, columns);
    screen->base[0] = screen->base[1] = 0;
    screen->view = 0;
    screen->rows = rows;
    screen->columns = columns;
    free(screen->dirty);
    screen->dirty = calloc((size_t)rows, 1);
    mark(screen, 0, rows);
    free(screen->scratch);
    screen->scratch = calloc((size_t)columns, sizeof(VozCell));
    return 1;
}

static int on_setlineinfo(int row, const VTermLineInfo *newinfo, const VTermLineInfo *oldinfo, void *user) {
    VozScreen *screen = user;
    if (row < 0 || row >= screen->rows) return 1;
    if (newinfo->doublewidth != oldinfo->doublewidth || newinfo->doubleheight != oldinfo->doubleheight) {
        // A double-width line shows half its cells: the right half is erased.
        if (newinfo->doublewidth) {
            VTermRect rect = {
                .start_row = row, .end_row = row + 1, .start_col = screen->columns / 2, .end_col = screen->columns};
            erase_cells(screen, rect, 0);
        }
        mark(screen, row, row + 1);
    }
    return 1;
}

static const VTermStateCallbacks state_callbacks = {
    .putglyph = on_putglyph,
    .movecursor = on_movecursor,
    .scrollrect = on_scrollrect,
    .erase = on_erase,
    .setpenattr = on_setpenattr,
    .settermprop = on_settermprop,
    .bell = on_bell,
    .resize = on_resize,
    .setlineinfo = on_setlineinfo,
};

// MARK: - The owner's side

VozScreen *vozscreen_new(int rows, int columns, const VozScreenCallbacks *callbacks, void *user) {
    VozScreen *screen = calloc(1, sizeof(VozScreen));
    if (!screen) return NULL;
    screen->rows = rows < 1 ? 1 : rows;
    screen->columns = columns < 1 ? 1 : columns;
    screen->vt = vterm_new(screen->rows, screen->columns);
    vterm_set_utf8(screen->vt, 1);
    screen->state = vterm_obtain_state(screen->vt);
    // Before the first reset, as libvterm's screen: cells of a pen of zeroes (black on black in direct colour).
    VTermColor zero;
    memset(&zero, 0, sizeof zero);
    screen->pen = (VozCell){0, 0, color_key(zero, 0), color_key(zero, 1)};
    for (int buffer = 0; buffer < 2; buffer++) {
        screen->buffers[buffer] = new_buffer(screen->rows, screen->columns);
        for (size_t index = 0; index < (size_t)screen->rows * (size_t)screen->columns; index++)
            screen->buffers[buffer][index] = screen->pen;
    }
    screen->dirty = calloc((size_t)screen->rows, 1);
    screen->scratch = calloc((size_t)screen->columns, sizeof(VozCell));
    if (callbacks) screen->callbacks = *callbacks;
    screen->user = user;
    vterm_state_set_callbacks(screen->state, &state_callbacks, screen);
    vterm_state_reset(screen->state, 1);
    return screen;
}

void vozscreen_free(VozScreen *screen) {
    if (!screen) return;
    vterm_free(screen->vt);
    free(screen->buffers[0]);
    free(screen->buffers[1]);
    free(screen->dirty);
    free(screen->scratch);
    free(screen);
}

void vozscreen_write(VozScreen *screen, const char *bytes, size_t count) { vterm_input_write(screen->vt, bytes, count); }

void vozscreen_resize(VozScreen *screen, int rows, int columns) {
    vterm_set_size(screen->vt, rows < 1 ? 1 : rows, columns < 1 ? 1 : columns);
}

void vozscreen_cursor(const VozScreen *screen, int *row, int *column) {
    VTermPos position;
    vterm_state_get_cursorpos(screen->state, &position);
    *row = position.row;
    *column = position.col;
}

int vozscreen_view(const VozScreen *screen) { return screen->view; }

static int take_dirty(VozScreen *screen, int row) {
    uint8_t *flag = screen->dirty + wrap(screen->view + row, screen->rows);
    int was = *flag;
    *flag = 0;
    return was;
}

static int take_any_dirty(VozScreen *screen) {
    int was = screen->anyDirty;
    screen->anyDirty = 0;
    return was;
}

int vozscreen_take_dirty_rows(VozScreen *screen, int *rows) {
    if (!take_any_dirty(screen)) return 0;
    int count = 0;
    for (int row = 0; row < screen->rows; row++)
        if (take_dirty(screen, row)) rows[count++] = row;
    return count;
}

static void read_row(const VozScreen *screen, int row, VozCell *out) {
    const VozCell *cells = row_cells(screen, row);
    uint8_t flip = screen->reverse ? VOZ_CELL_REVERSE : 0;
    for (int column = 0; column < screen->columns; column++) {
        out[column] = cells[column];
        out[column].flags = (uint8_t)((cells[column].flags & ~VOZ_CELL_PROTECTED) ^ flip);
    }
}

// MARK: - Rows as text

/// Whether a cell shows nothing: no character (or a blank, or a wide character's right half) in the plain look.
static int is_plain_blank(const VozCell *cell, uint8_t flip) {
    uint32_t character = cell->character;
    uint8_t flags = (uint8_t)((cell->flags & ~VOZ_CELL_PROTECTED) ^ flip);
    return (character == 0 || character == 0x20 || character == 0xFFFFFFFF) && flags == 0 && cell->foreground == -1
        && cell->background == -1;
}

/// Writes a character that is not printable ASCII as the screen reader meets it at `text`; returns its bytes, and
/// sets `shown` when it is something other than a blank.
static int put_character(uint32_t character, uint8_t *text, int *shown) {
    // A control character is never shown (it would reach the report raw), nor a value that is no scalar.
    int scalar = character < 0xD800 || (character >= 0xE000 && character <= 0x10FFFF);
    int control = character < 0x20 || (character >= 0x7F && character <= 0x9F);
    if (!scalar || control || character == 0x20) {
        text[0] = 0x20;
        *shown = 0;
        return 1;
    }
    *shown = 1;
    if (character < 0x800) {
        text[0] = (uint8_t)(0xC0 | (character >> 6));
        text[1] = (uint8_t)(0x80 | (character & 0x3F));
        return 2;
    }
    if (character < 0x10000) {
        text[0] = (uint8_t)(0xE0 | (character >> 12));
        text[1] = (uint8_t)(0x80 | ((character >> 6) & 0x3F));
        text[2] = (uint8_t)(0x80 | (character & 0x3F));
        return 3;
    }
    text[0] = (uint8_t)(0xF0 | (character >> 18));
    text[1] = (uint8_t)(0x80 | ((character >> 12) & 0x3F));
    text[2] = (uint8_t)(0x80 | ((character >> 6) & 0x3F));
    text[3] = (uint8_t)(0x80 | (character & 0x3F));
    return 4;
}

/// The bytes `put_character` writes for a character that is not printable ASCII.
static int character_bytes(uint32_t character) {
    int scalar = character < 0xD800 || (character >= 0xE000 && character <= 0x10FFFF);
    int control = character < 0x20 || (character >= 0x7F && character <= 0x9F);
    if (!scalar || control || character == 0x20) return 1;
    return character < 0x800 ? 2 : character < 0x10000 ? 3 : 4;
}

/// Ends the stretch begun at `look` (column and first byte set) at byte `end`: kept when it is not plain.
static void close_run(VozRun look, int end, VozRun *runs, int *made) {
    if ((look.flags != 0 || look.foreground != -1 || look.background != -1) && end > look.start) {
        look.end = end;
        runs[(*made)++] = look;
    }
}

/// The stretches of a row that has a cell in a look that is not plain, the row's text already written.
static int cells_runs(const VozCell *cells, int count, uint8_t flip, VozRun *runs) {
    const uint8_t shown = VOZ_CELL_BOLD | VOZ_CELL_UNDERLINE | VOZ_CELL_BLINK | VOZ_CELL_REVERSE;
    int bytes = 0, column = 0, made = 0, has_look = 0;
    VozRun look = {0};
    for (int index = 0; index < count; index++) {
        const VozCell *cell = cells + index;
        uint32_t character = cell->character;
        if (character == 0xFFFFFFFF) continue;
        uint8_t flags = (uint8_t)(((cell->flags & ~VOZ_CELL_PROTECTED) ^ flip) & shown);
        if (!has_look || flags != look.flags || cell->foreground != look.foreground
            || cell->background != look.background) {
            if (has_look) close_run(look, bytes, runs, &made);
            has_look = 1;
            look.column = column;
            look.start = bytes;
            look.flags = flags;
            look.foreground = cell->foreground;
            look.background = cell->background;
        }
        bytes += character > 0x20 && character < 0x7F ? 1 : character_bytes(character);
        column++;
    }
    if (has_look) close_run(look, bytes, runs, &made);
    return made;
}

int voz_cells_text(const VozCell *cells, int count, uint8_t flip, uint8_t *text, VozRun *runs, int *runCount) {
    *runCount = 0;
    int first = 0;
    while (first < count && is_plain_blank(cells + first, flip)) first++;
    if (first == count) return -1;
    const uint8_t shown = VOZ_CELL_BOLD | VOZ_CELL_UNDERLINE | VOZ_CELL_BLINK | VOZ_CELL_REVERSE;
    // The text first, in one tight pass; the stretches in a second only when some cell is not in the plain look,
    // which most rows of a log or a progress bar are.
    int bytes = 0, kept = 0;
    int styled = 0;
    for (int index = 0; index < count; index++) {
        const VozCell *cell = cells + index;
        uint32_t character = cell->character;
        if (character == 0xFFFFFFFF) continue;
        // Both colours are the default (-1, every bit set) exactly when their AND is.
        styled |= ((((cell->flags & ~VOZ_CELL_PROTECTED) ^ flip) & shown) != 0)
            | ((cell->foreground & cell->background) != -1);
        if (character - 0x21 < 0x5E) {
            text[bytes++] = (uint8_t)character;
            kept = bytes;
        } else if (character == 0 || character == 0x20) {
            text[bytes++] = 0x20;
        } else if (character >= 0x800 && character < 0x10000 && (character < 0xD800 || character >= 0xE000)) {
            // Three bytes, inline: a bar's blocks, a box's lines, Braille. None of these is a control or a blank.
            text[bytes] = (uint8_t)(0xE0 | (character >> 12));
            text[bytes + 1] = (uint8_t)(0x80 | ((character >> 6) & 0x3F));
            text[bytes + 2] = (uint8_t)(0x80 | (character & 0x3F));
            bytes += 3;
            kept = bytes;
        } else {
            int visible = 0;
            bytes += put_character(character, text + bytes, &visible);
            if (visible) kept = bytes;
        }
    }
    if (styled) *runCount = cells_runs(cells, count, flip, runs);
    return kept;
}


const VozCell *vozscreen_row(const VozScreen *screen, int row) { return row_cells(screen, row); }

uint8_t vozscreen_flip(const VozScreen *screen) { return screen->reverse ? VOZ_CELL_REVERSE : 0; }
