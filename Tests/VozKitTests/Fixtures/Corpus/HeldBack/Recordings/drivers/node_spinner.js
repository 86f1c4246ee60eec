// A hand-rolled spinner as many Node.js command-line tools draw one: frames on one row, then a tick.
const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
let i = 0;
process.stdout.write('\x1b[?25l');
const t = setInterval(() => { process.stdout.write(`\r${frames[i++ % frames.length]} Installing packages`); }, 80);
setTimeout(() => { clearInterval(t); process.stdout.write('\r\x1b[K\x1b[32m✔\x1b[0m Installed 12 packages\n\x1b[?25h'); }, 4000);
