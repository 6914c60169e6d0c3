/* @opts: -q */
const int cx;
BEGIN { trace(sizeof(cx)); exit(0); }
