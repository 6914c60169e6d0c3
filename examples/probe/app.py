"""app.py — probes defined at run time from Python (PYTHONPATH=../../python after make)."""
import time

import usdtrace

app = usdtrace.Provider("app")
start = app.probe("request-start", int, str)
done = app.probe("request-done", int, "int32")
app.load()


@app.function_probes()
def render(path):
    time.sleep(0.01)
    return "<html>%s</html>" % path


for rid in range(1, 41):
    path = ["/", "/login", "/cart", "/missing"][rid % 4]
    start.fire(rid, path)
    if done.enabled:                 # a tracer has the probe: worth computing what it wants
        status = 404 if path == "/missing" else 200
    render(path)
    time.sleep(0.04)
    done.fire(rid, 404 if path == "/missing" else 200)
