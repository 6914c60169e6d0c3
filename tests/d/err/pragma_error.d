/* @opts: -x errtags */
/* #pragma error is #error (dtrace's pragma table serves both). */
#pragma error oops
BEGIN { exit(0); }
