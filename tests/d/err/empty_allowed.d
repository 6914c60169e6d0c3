/* @opts: -x empty */
/* -x empty accepts a script with nothing in it: it matches 0 probes, and then there is
 * nothing to trace. */
