/* included by cpp_include_error.d */
struct good { int x; };
struct bad { int y z; };
