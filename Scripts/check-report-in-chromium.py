#!/usr/bin/env python3
"""Checks a `labelsnap report` page in headless Chromium, the way a person would use it.

Drives Chromium over the DevTools protocol on --remote-debugging-pipe (JSON messages ending in a
NUL byte, commands on fd 3, replies on fd 4): Python's standard library only. For JavaScript on and
off, at 1400 and 700 px wide:
  - no element is wider than the window (nothing clipped, no horizontal scrolling);
  - no summary row's "#" is broken over two lines, no table header inside a word;
  - every view of every image failure is switched through real mouse clicks on its tab (and the
    reference/actual and onion-skin choices), and the images that view should show are the visible ones;
  - images are scaled by whole numbers (rendered width = natural width × an integer);
  - with JavaScript, the slider moves (keyboard on the range input);
  - no request leaves the report's folder (only file: URLs below it, and data: URIs).
Screenshots of the whole page go to OUTDIR (report-1400.png, report-700.png, and -nojs variants).

usage: check-report-in-chromium.py REPORT.html OUTDIR
"""
import base64, json, os, subprocess, sys, tempfile, time

report = os.path.abspath(sys.argv[1])
outdir = os.path.abspath(sys.argv[2])
os.makedirs(outdir, exist_ok=True)
folder = os.path.dirname(report)
failures = []
checks = [0]

def check(ok, what):
    checks[0] += 1
    if not ok:
        failures.append(what)
        print("  FAIL " + what)
    return ok

class Browser:
    def __init__(self):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        def fds():
            # The pipes may already be fds 3 and 4 (close-on-exec): move them out of the way first.
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3, inheritable=True)
            os.dup2(b, 4, inheritable=True)
        self.profile = tempfile.mkdtemp(prefix="labelsnap-chromium-")
        self.proc = subprocess.Popen(
            ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--user-data-dir=" + self.profile, "--remote-debugging-pipe", "about:blank"],
            preexec_fn=fds, close_fds=False,
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(outdir, "chromium.log"), "w"))
        os.close(to_chrome_r); os.close(from_chrome_w)
        self.next_id = 0
        self.buffer = b""
        self.events = []
        self.session = None

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            self.events.append(reply)

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_event(self, name, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            for i, e in enumerate(self.events):
                if e.get("method") == name:
                    del self.events[i]
                    return e
            self.events.append(self.read())
        raise RuntimeError("no " + name)

    def eval(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError("evaluate %s: %s" % (expression[:60], result["exceptionDetails"]))
        return result["result"].get("value")

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        self.proc.wait(timeout=20)

def open_page(b, width, javascript):
    target = b.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
    b.session = b.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
    b.send("Page.enable"); b.send("Network.enable"); b.send("Runtime.enable")
    b.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    b.send("Emulation.setScriptExecutionDisabled", {"value": not javascript})
    b.events.clear()
    b.send("Page.navigate", {"url": "file://" + report})
    b.wait_event("Page.loadEventFired")
    return target

def requests(b):
    return [e["params"]["request"]["url"] for e in b.events if e.get("method") == "Network.requestWillBeSent"]

def click(b, selector):
    """A real mouse click (press and release) at the centre of the element."""
    box = b.eval("""(function(){ var e = document.querySelector(%s); if (!e) return null;
        e.scrollIntoView({block: 'center'}); var r = e.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]; })()""" % json.dumps(selector))
    if not check(box is not None and box[2] > 0, "clickable " + selector):
        return
    for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
        b.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1})

def visible(b, selector):
    return b.eval("""(function(){ var e = document.querySelector(%s); if (!e) return null;
        var r = e.getBoundingClientRect(), s = getComputedStyle(e);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; })()""" % json.dumps(selector))

def too_wide(b):
    return b.eval("""(function(){ var w = document.documentElement.clientWidth, out = [];
        if (document.documentElement.scrollWidth > w) out.push('page scrollWidth ' + document.documentElement.scrollWidth + ' > ' + w);
        document.querySelectorAll('body *').forEach(function (e) { var r = e.getBoundingClientRect();
            if (r.width > 0 && (r.right > w + 0.5 || r.left < -0.5) && getComputedStyle(e).position !== 'absolute')
                out.push(e.tagName + '.' + e.className + ' ' + Math.round(r.left) + '..' + Math.round(r.right)); });
        return out.slice(0, 5); })()""")

def broken_indexes(b):
    """Summary rows whose "#" cell takes more than one line (a squeezed column broke "10" into "1" / "0")."""
    return b.eval("""(function(){ var out = [];
        document.querySelectorAll('table.summary td:first-child').forEach(function (td) {
            var r = document.createRange(); r.selectNodeContents(td);
            var tops = {}; Array.from(r.getClientRects()).forEach(function (q) { tops[Math.round(q.top)] = 1; });
            if (Object.keys(tops).length > 1) out.push(td.textContent); });
        return out.slice(0, 5); })()""")

def broken_headers(b):
    """Table headers with a word broken over two lines (the body's overflow-wrap: anywhere made "Loca" / "le")."""
    return b.eval("""(function(){ var out = [];
        document.querySelectorAll('th').forEach(function (th) {
            var walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT), node;
            while ((node = walk.nextNode())) {
                var re = /\S+/g, m;
                while ((m = re.exec(node.data))) {
                    var r = document.createRange(); r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
                    var tops = {}; Array.from(r.getClientRects()).forEach(function (q) { tops[Math.round(q.top)] = 1; });
                    if (Object.keys(tops).length > 1) out.push(m[0]);
                } } });
        return out.slice(0, 5); })()""")

def fractional_zooms(b):
    return b.eval("""(function(){ var out = [];
        document.querySelectorAll('img').forEach(function (i) { var r = i.getBoundingClientRect();
            if (r.width === 0 || !i.naturalWidth) return; var z = r.width / i.naturalWidth;
            if (Math.abs(z - Math.round(z)) > 0.01 || z < 0.99) out.push(i.alt + ' ×' + z.toFixed(3)); });
        return out; })()""")

def screenshot(b, path, full=True):
    height = b.eval("document.documentElement.scrollHeight") if full else 900
    width = b.eval("document.documentElement.clientWidth")
    data = b.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                             "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})["data"]
    with open(path, "wb") as f:
        f.write(base64.b64decode(data))

# What each view shows (figures of the stage), checked after clicking its tab.
VIEWS = {
    "side":   {"ref": True, "diff": True, "act": True, "amp": False},
    "diff":   {"ref": False, "diff": True, "act": False, "amp": False},
    "toggle": {"ref": False, "diff": False, "act": True, "amp": False},   # actual first, then reference
    "onion":  {"ref": True, "diff": False, "act": True, "amp": False},
    "amp":    {"ref": False, "diff": False, "act": False, "amp": True},
    "mag":    {"ref": True, "diff": True, "act": True, "amp": False},
}

browser = Browser()
try:
    browser.send("Target.setDiscoverTargets", {"discover": False}, session=False)
    for javascript in (True, False):
        for width in (1400, 700):
            label = "%d px, JavaScript %s" % (width, "on" if javascript else "off")
            print("== " + label)
            target = open_page(browser, width, javascript)
            b = browser
            check(b.eval("document.documentElement.classList.contains('js')") == javascript, label + ": script ran only when enabled")
            suffix = "" if javascript else "-nojs"
            screenshot(b, os.path.join(outdir, "report-%d%s.png" % (width, suffix)))
            wide = too_wide(b)
            check(not wide, label + ": elements wider than the window: %s" % wide)
            broken = broken_indexes(b)
            check(not broken, label + ": summary numbers broken over lines: %s" % broken)
            headers = broken_headers(b)
            check(not headers, label + ": table headers broken inside a word: %s" % headers)
            sections = b.eval("Array.from(document.querySelectorAll('section.failure')).map(function(s){return s.id})")
            check(len(sections) > 0, label + ": failures listed")
            for sid in sections:
                views = b.eval("Array.from(document.querySelectorAll('#%s input[name^=view-]')).map(function(i){return i.id})" % sid)
                for vid in views:
                    key = vid.rsplit("-", 1)[1]
                    click(b, "#%s label[for=%s]" % (sid, vid))
                    check(b.eval("document.getElementById(%s).checked" % json.dumps(vid)), "%s %s: tab %s selected by a click" % (label, sid, key))
                    for part, shown in VIEWS[key].items():
                        sel = "#%s .stage > .p-%s" % (sid, part)
                        if b.eval("!!document.querySelector(%s)" % json.dumps(sel)):
                            check(visible(b, sel) == shown, "%s %s view %s: %s %s" % (label, sid, key, part, "shown" if shown else "hidden"))
                    if key == "toggle":
                        click(b, "#%s .c-toggle .l-ref" % sid)
                        check(visible(b, "#%s .stage > .p-ref" % sid) and not visible(b, "#%s .stage > .p-act" % sid),
                              "%s %s: the reference after clicking Reference" % (label, sid))
                        same = b.eval("""(function(){ var a = document.querySelector('#%s .p-ref img').getBoundingClientRect(),
                            b = document.querySelector('#%s .p-act img').getBoundingClientRect(); return a.left === b.left && a.top === b.top; })()""" % (sid, sid))
                        check(same, "%s %s: reference and actual in the same place" % (label, sid))
                        click(b, "#%s .c-toggle .l-act" % sid)
                        check(visible(b, "#%s .stage > .p-act" % sid), "%s %s: the actual after clicking Actual" % (label, sid))
                    if key == "onion":
                        click(b, "#%s .c-onion .l-o25" % sid)
                        opacity = b.eval("getComputedStyle(document.querySelector('#%s .p-act img')).opacity" % sid)
                        check(opacity == "0.25", "%s %s: onion 25%% gives opacity %s" % (label, sid, opacity))
                        if javascript:
                            check(visible(b, "#%s .slider-js input" % sid), "%s %s: slider shown with JavaScript" % (label, sid))
                            click(b, "#%s .slider-js input" % sid)
                            clip = b.eval("document.querySelector('#%s .p-act img').style.clipPath" % sid)
                            check("inset" in (clip or ""), "%s %s: the slider clips the actual (%r)" % (label, sid, clip))
                        else:
                            check(not visible(b, "#%s .slider-js input" % sid), "%s %s: no slider without JavaScript" % (label, sid))
                    if key in ("side", "amp", "mag", "onion"):
                        z = fractional_zooms(b)
                        check(not z, "%s %s view %s: images at whole-number zooms: %s" % (label, sid, key, z))
                    wide = too_wide(b)
                    check(not wide, "%s %s view %s: wider than the window: %s" % (label, sid, key, wide))
                    if sid == sections[0] and width in (700, 1400) and javascript:
                        screenshot(b, os.path.join(outdir, "view-%d-%s-%s.png" % (width, sid, key)), full=False)
                # Back to side by side for the final screenshot.
                if views:
                    click(b, "#%s label[for=%s]" % (sid, views[0]))
            outside = [u for u in requests(b) if not (u.startswith("data:") or u.startswith("file://" + folder + "/") or u == "file://" + report)]
            check(not outside, label + ": requests outside the report's folder: %s" % outside)
            b.send("Target.closeTarget", {"targetId": target}, session=False)
            b.session = None
finally:
    browser.close()

if failures:
    print("%d of %d checks failed" % (len(failures), checks[0]))
    sys.exit(1)
print("%d report checks passed; screenshots in %s" % (checks[0], outdir))
