/* @opts: -q */
#pragma D option cpppath=/x
BEGIN { x = ; }
