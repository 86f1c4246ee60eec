"""Keep chosen operations of an OpenAPI description and every component they reference, for descriptions over ~300 KB.

Run: python trim.py SOURCE.yaml OUT.yaml "POST /path" ...  (PyYAML with libyaml)
"""
import json, sys, yaml

def load(p):
    with open(p) as f:
        return json.load(f) if p.endswith('.json') else yaml.load(f, Loader=yaml.CSafeLoader)

def refs(node, out):
    if isinstance(node, dict):
        for k, v in node.items():
            if k == '$ref' and isinstance(v, str) and v.startswith('#/'):
                out.add(v)
            else:
                refs(v, out)
    elif isinstance(node, list):
        for v in node:
            refs(v, out)

def resolve(doc, ref):
    node = doc
    for part in ref[2:].split('/'):
        part = part.replace('~1', '/').replace('~0', '~')
        node = node[part]
    return node

def trim(doc, ops):
    keep = {}
    for op in ops:
        method, path = op.split(' ', 1)
        item = doc['paths'][path]
        new = keep.setdefault(path, {k: v for k, v in item.items() if k not in ('get','put','post','delete','options','head','patch','trace')})
        new[method.lower()] = item[method.lower()]
    out = {k: v for k, v in doc.items() if k not in ('paths', 'components', 'definitions', 'parameters', 'responses', 'securityDefinitions', 'x-webhooks', 'webhooks', 'tags')}
    out['paths'] = keep
    seen, todo = set(), set()
    refs(keep, todo)
    while todo:
        r = todo.pop()
        if r in seen:
            continue
        seen.add(r)
        refs(resolve(doc, r), todo)
    # rebuild containers in the original order
    def build(prefix, container):
        res = {}
        for name, val in container.items():
            if isinstance(val, dict) and prefix.count('/') < 3 and any(s.startswith(prefix + '/' + name + '/') for s in seen) and prefix == '#/components':
                res[name] = {k: v for k, v in val.items() if prefix + '/' + name + '/' + k.replace('~','~0').replace('/','~1') in seen}
            elif prefix + '/' + name in seen:
                res[name] = val
        return res
    if 'components' in doc:
        comps = build('#/components', doc['components'])
        if 'securitySchemes' in doc['components']:
            comps['securitySchemes'] = doc['components']['securitySchemes']
        out['components'] = {k: v for k, v in comps.items() if v}
    for top in ('definitions', 'parameters', 'responses'):
        if top in doc:
            sub = {n: v for n, v in doc[top].items() if f'#/{top}/{n}' in seen}
            if sub:
                out[top] = sub
    if 'securityDefinitions' in doc:
        out['securityDefinitions'] = doc['securityDefinitions']
    if 'tags' in doc:
        used = {t for p in keep.values() for m, o in p.items() if isinstance(o, dict) for t in o.get('tags', [])}
        out['tags'] = [t for t in doc['tags'] if t.get('name') in used]
    return out

if __name__ == '__main__':
    src, dst = sys.argv[1], sys.argv[2]
    ops = sys.argv[3:]
    doc = load(src)
    out = trim(doc, ops)
    with open(dst, 'w') as f:
        if dst.endswith('.json'):
            json.dump(out, f, indent=2, ensure_ascii=False); f.write('\n')
        else:
            yaml.dump(out, f, Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True, width=120)
    print(dst, sum(1 for _ in open(dst, 'rb')), 'lines', __import__('os').path.getsize(dst), 'bytes')
