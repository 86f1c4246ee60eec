#ifndef CVTERM_SHIM_H
#define CVTERM_SHIM_H

#include <stdint.h>
#include <vterm.h>

// libvterm's cells hold bitfields and a colour union, which Swift reads slowly and awkwardly; these helpers copy
// one row into a flat array in one call, so replaying an hour of output costs no Swift work per cell field.

enum {
    CVTERM_BOLD = 1,
    CVTERM_UNDERLINE = 2,
    CVTERM_BLINK = 4,
    CVTERM_REVERSE = 8,
    CVTERM_ITALIC = 16,
    CVTERM_STRIKE = 32,
};

typedef struct {
    uint32_t character;  // 0 for an empty cell, 0xFFFFFFFF for the right half of a wide character
    uint8_t flags;       // CVTERM_* bits
    int32_t foreground;  // -1 default, 0-255 palette index, 0x1000000 | rgb for direct colour
    int32_t background;
} CVTermCell;

static inline int32_t cvterm_color_key(VTermColor color, int is_background) {
    if (is_background ? VTERM_COLOR_IS_DEFAULT_BG(&color) : VTERM_COLOR_IS_DEFAULT_FG(&color)) return -1;
    if (VTERM_COLOR_IS_INDEXED(&color)) return color.indexed.idx;
    return 0x1000000 | (color.rgb.red << 16) | (color.rgb.green << 8) | color.rgb.blue;
}

static inline void cvterm_convert_cell(const VTermScreenCell *cell, CVTermCell *out) {
    out->character = cell->chars[0];
    out->flags = (cell->attrs.bold ? CVTERM_BOLD : 0) | (cell->attrs.underline ? CVTERM_UNDERLINE : 0)
        | (cell->attrs.blink ? CVTERM_BLINK : 0) | (cell->attrs.reverse ? CVTERM_REVERSE : 0)
        | (cell->attrs.italic ? CVTERM_ITALIC : 0) | (cell->attrs.strike ? CVTERM_STRIKE : 0);
    out->foreground = cvterm_color_key(cell->fg, 0);
    out->background = cvterm_color_key(cell->bg, 1);
}

/// Copies `cols` cells of screen row `row` into `out`.
static inline void cvterm_read_row(const VTermScreen *screen, int row, int cols, CVTermCell *out) {
    for (int col = 0; col < cols; col++) {
        VTermScreenCell cell;
        VTermPos pos = {row, col};
        if (vterm_screen_get_cell(screen, pos, &cell)) {
            cvterm_convert_cell(&cell, &out[col]);
        } else {
            out[col] = (CVTermCell){0, 0, -1, -1};
        }
    }
}

/// Copies the cells of a line libvterm pushes into its scrollback.
static inline void cvterm_convert_cells(const VTermScreenCell *cells, int cols, CVTermCell *out) {
    for (int col = 0; col < cols; col++) cvterm_convert_cell(&cells[col], &out[col]);
}

static inline int cvterm_value_bool(const VTermValue *value) { return value->boolean; }

#endif
