/* @opts: -q */
BEGIN { trace(2); exit(0); } // trailing
