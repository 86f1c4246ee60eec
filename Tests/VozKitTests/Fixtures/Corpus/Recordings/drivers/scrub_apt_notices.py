"""Remove apt's "N: Ignoring file ... in directory '/etc/apt/sources.list.d/'" notices: they describe the recording
machine's disabled source files, not the program under test. Every other byte and time stays as recorded."""
import json, re, sys
path = sys.argv[1]
lines = open(path, encoding="utf-8").read().splitlines()
out = [lines[0]]
for line in lines[1:]:
    event = json.loads(line)
    if event[1] == "o":
        event[2] = re.sub(r"(\x1b\[[0-9;]*m)?N: (\x1b\[[0-9;]*m)?Ignoring file '[^']*' in directory '/etc/apt/sources.list.d/'[^\r\n]*(\r\n)?", "", event[2])
    out.append(json.dumps(event, ensure_ascii=False))
open(path, "w", encoding="utf-8").write("\n".join(out) + "\n")
