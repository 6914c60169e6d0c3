/* Found only through -I cpp_incdir (cpp_include_incdir.d, cpp_hdrs.d). */
#define FROM_INCDIR 42
