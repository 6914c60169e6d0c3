#pragma D option
BEGIN { }
