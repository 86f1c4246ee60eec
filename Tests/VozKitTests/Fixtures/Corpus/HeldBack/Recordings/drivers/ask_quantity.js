// A Node.js readline prompt that checks its answer, as an order script would.
const readline = require('node:readline');
const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
function ask() {
  rl.question('How many boxes (1 to 9)? ', (a) => {
    const n = Number(a);
    if (!Number.isInteger(n) || n < 1 || n > 9) {
      console.log(`"${a}" is not a number from 1 to 9. Type a whole number such as 3.`);
      return ask();
    }
    console.log(`Ordered ${n} boxes.`);
    rl.close();
  });
}
ask();
