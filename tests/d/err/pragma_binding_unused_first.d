#pragma D binding "1.0" never
BEGIN { x = ; }
