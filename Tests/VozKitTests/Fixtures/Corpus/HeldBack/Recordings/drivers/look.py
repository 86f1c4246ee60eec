#!/usr/bin/env python3
"""The reviewer's own reading aid (not Voz): replays an asciicast v2/v3 with pyte and prints what a reviewer
needs to judge it by eye: header, inputs, notable control sequences with times, rows rewritten without input,
the screen (with cursor and attributes) at every input and at the end, long lines and non-ASCII glyphs."""
import json, re, sys, collections
import pyte

def load(path):
    lines = open(path, encoding='utf-8').read().split('\n')
    hdr = json.loads(lines[0]); ev = []
    v = hdr.get('version'); t = 0.0
    for ln in lines[1:]:
        if not ln.strip() or ln.startswith('#'): continue
        e = json.loads(ln)
        if v == 3: t += e[0]; ev.append((t, e[1], e[2]))
        else: ev.append((e[0], e[1], e[2]))
    if v == 3: w, h = hdr['term']['cols'], hdr['term']['rows']
    else: w, h = hdr['width'], hdr['height']
    return hdr, ev, w, h

PAT = [('altscreen-on', r'\x1b\[\?(1049|1047|47)h'), ('altscreen-off', r'\x1b\[\?(1049|1047|47)l'),
       ('clear-2J', r'\x1b\[2J'), ('home+J', r'\x1b\[H\x1b\[J|\x1b\[H\x1b\[0J|\x1b\[1;1H\x1b\[J'), ('RIS', r'\x1bc'),
       ('cur-hide', r'\x1b\[\?25l'), ('cur-show', r'\x1b\[\?25h'), ('flash', r'\x1b\[\?5h'), ('bell', r'\x07'),
       ('scrollregion', r'\x1b\[\d+;\d+r'), ('blink', r'\x1b\[(?:[\d;]*;)?5(?:;[\d;]*)?m'),
       ('color', r'\x1b\[(?:[\d;]*;)?(?:3[0-7]|9[0-7]|4[0-7]|10[0-7]|38|48)(?:;[\d;]*)?m'),
       ('reverse', r'\x1b\[(?:[\d;]*;)?7(?:;[\d;]*)?m'), ('bold', r'\x1b\[(?:[\d;]*;)?1(?:;[\d;]*)?m'),
       ('EL', r'\x1b\[[012]?K'), ('CR-rewrite', r'\r(?!\n)')]

def sgr_codes(data):
    """Each SGR parameter that is an attribute (38/48 colour arguments skipped)."""
    out = []
    for m in re.finditer(r'\x1b\[([\d;:]*)m', data):
        ps = [p for p in re.split('[;:]', m.group(1))] or ['0']
        i = 0
        while i < len(ps):
            p = ps[i]
            if p in ('38', '48', '58'):
                if i + 1 < len(ps) and ps[i + 1] == '5': out.append(p + ':256'); i += 3; continue
                if i + 1 < len(ps) and ps[i + 1] == '2': out.append(p + ':rgb'); i += 5; continue
            out.append(p or '0'); i += 1
    return out

def attrs(screen, y):
    spans = []; cur = None; start = 0
    row = screen.buffer[y]
    for x in range(screen.columns):
        c = row[x]
        key = (c.reverse, c.fg if c.fg != 'default' else '', c.bg if c.bg != 'default' else '', c.bold, c.blink)
        if key != cur:
            if cur and any(cur): spans.append((start, x, cur))
            cur = key; start = x
    if cur and any(cur): spans.append((start, screen.columns, cur))
    out = []
    for s, e, (rv, fg, bg, b, bl) in spans:
        txt = ''.join(row[x].data for x in range(s, e)).rstrip()
        if not txt.strip() and not rv and not bg: continue
        if not rv and not fg and not bg and not bl: continue
        a = ('R' if rv else '') + ('B' if b else '') + ('K' if bl else '') + (f' fg={fg}' if fg else '') + (f' bg={bg}' if bg else '')
        out.append(f'[{s+1}-{e}:{a}:{txt[:30]!r}]')
    return ' '.join(out)

SHOWN = {}
def dump(screen, label, hidden):
    print(f'--- {label} cursor=({screen.cursor.y+1},{screen.cursor.x+1}){" HIDDEN" if hidden else ""}')
    lines = screen.display
    last = max([i for i, l in enumerate(lines) if l.strip()] + [screen.cursor.y])
    same = 0
    for i in range(last + 1):
        a = attrs(screen, i)
        row = f'{i+1:3d}|{lines[i].rstrip()}' + (f'   {a}' if a else '')
        if SHOWN.get(i) == row and i != screen.cursor.y and not FULL: same += 1; continue
        SHOWN[i] = row; print(row[:260])
    if same: print(f'    ({same} rows unchanged since the last dump)')

def main(path, show_all=True):
    hdr, ev, w, h = load(path)
    print('HEADER', {k: v for k, v in hdr.items() if k not in ('theme',)})
    outs = [e for e in ev if e[1] == 'o']; ins = [e for e in ev if e[1] == 'i']
    print(f'size {w}x{h}; {len(outs)} outputs, {len(ins)} inputs, last event at {ev[-1][0]:.2f}s; codes', collections.Counter(e[1] for e in ev))
    print('INPUTS', ' '.join(f'{t:.1f}:{d!r}' for t, c, d in ins)[:3000])
    for c in [e for e in ev if e[1] not in 'oi']: print('EVENT', c)
    hits = collections.defaultdict(list)
    for t, c, d in outs:
        for name, p in PAT:
            if name in ('blink', 'reverse', 'bold', 'color'): continue
            for m in re.finditer(p, d): hits[name].append(t)
        for code in sgr_codes(d):
            if code == '5' or code == '6': hits['blink'].append(t)
            elif code == '7': hits['reverse'].append(t)
            elif code == '1': hits['bold'].append(t)
            elif code[:2] in ('38', '48') or code in [str(x) for x in list(range(30, 38)) + list(range(40, 48)) + list(range(90, 98)) + list(range(100, 108))]: hits['color'].append(t)
    alt = False
    for m in re.finditer(r'\x1b\[\?(1049|1047|47)([hl])|\x1b\[2J|\x1b\[H\x1b\[J|\x1bc', ''.join(d for t, c, d in outs)):
        if m.group(2): alt = m.group(2) == 'h'
        elif not alt: print('CLEAR OUTSIDE ALTSCREEN', repr(m.group(0)))
    for name, ts in hits.items():
        print(f'SEQ {name}: {len(ts)}x, times {", ".join(f"{x:.1f}" for x in ts[:8])}{" ..." if len(ts) > 8 else ""} last {ts[-1]:.1f}')
    alltext = re.sub(r'\x1b\[[0-9;?>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78cMDE]', '', ''.join(d for t, c, d in outs))
    glyphs = collections.Counter(ch for ch in alltext if ord(ch) > 127)
    if glyphs: print('NONASCII', ' '.join(f'{k}{v}' for k, v in glyphs.most_common(40)))
    runs = collections.Counter(m.group(0)[:12] for m in re.finditer(r'([-=_─━═█▒░#*~|+.])\1{4,}', alltext))
    if runs: print('RUNS', dict(runs.most_common(10)))
    longl = [l for l in re.split(r'\r?\n', alltext) if len(l.split('\r')[-1]) > w]
    if longl: print(f'LONGLINES {len(longl)}:', [l[:w+20] for l in longl[:4]])
    screen = pyte.Screen(w, h); st = pyte.Stream(screen)
    hidden = False; last_in = -9; prev = list(screen.display)
    rewrites = collections.defaultdict(list)
    prev_printable = False
    for t, c, d in ev:
        if c == 'i':
            printable = len(d) == 1 and d.isprintable()
            if show_all or not printable or not prev_printable:
                dump(screen, f'AT INPUT {t:.2f}s {d!r}', hidden)
            prev_printable = printable; last_in = t; continue
        if c == 'r':
            cw, ch = map(int, d.split('x')); screen.resize(ch, cw); continue
        if c != 'o': continue
        for m in re.finditer(r'\x1b\[\?25([lh])', d): hidden = m.group(1) == 'l'
        st.feed(re.sub(r'\x1b\[\?[\d;]*[rs]', '', d))
        cur = list(screen.display)
        scrolled = sum(1 for i in range(len(prev) - 1) if prev[i + 1].strip() and prev[i + 1] == cur[i]) > 2
        if not scrolled and t - last_in > 0.5:
            for i in range(min(len(prev), len(cur))):
                if prev[i].strip() and cur[i] != prev[i]:
                    rewrites[i + 1].append((t, cur[i].rstrip()[:70]))
        prev = cur
    for row, lst in sorted(rewrites.items()):
        print(f'REWRITE row {row}: {len(lst)}x from {lst[0][0]:.1f}s to {lst[-1][0]:.1f}s; e.g. {[x[1] for x in lst[:3]]} ... last {lst[-1][1]!r}')
    dump(screen, f'FINAL {ev[-1][0]:.2f}s', hidden)

FULL = '-f' in sys.argv
if __name__ == '__main__':
    main(sys.argv[-1], '-a' in sys.argv)
