/* dkeywords.h — D's reserved words, as one list for the lexer (dlex.c) and for the runtime
 * probe library (libprobe/probe.c), which refuses them as provider names as -h/-G does.
 * D_KEYWORDS expands to the words as string literals, for an array initialiser. */
#ifndef USDTRACE_DKEYWORDS_H
#define USDTRACE_DKEYWORDS_H
#define D_KEYWORDS                                                                              \
	"auto", "break", "case", "char", "const", "continue", "counter", "default", "do",       \
	"double", "else", "enum", "extern", "float", "for", "goto", "if", "import", "inline",   \
	"int", "long", "offsetof", "probe", "provider", "register", "restrict", "return",      \
	"self", "short", "signed", "sizeof", "static", "string", "stringof", "struct", "switch", \
	"this", "translator", "typedef", "union", "unsigned", "userland", "void", "volatile",   \
	"while", "xlate", "_Bool"
#endif
