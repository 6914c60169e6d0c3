BEGIN { }
#include <stdio.h>
