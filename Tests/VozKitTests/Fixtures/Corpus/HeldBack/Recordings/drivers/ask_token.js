// A Node.js readline prompt for a secret that, like many small CLIs, does not turn echo off.
const readline = require('node:readline');
const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
rl.question('API token: ', (token) => {
  console.log(`Saved a token of ${token.length} characters.`);
  rl.close();
});
