/* @opts: -q */
/* outer /* inner */
BEGIN { trace(1); exit(0); }
