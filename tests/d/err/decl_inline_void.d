/* An inline of type void names no value (dtrace's message observed). */
inline void V = 0;
BEGIN { exit(0); }
