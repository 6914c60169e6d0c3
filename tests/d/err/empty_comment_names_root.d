/* A script of comments alone is an empty translation unit (D_EMPTY, at the line the input
 * ends on), even when a comment names what the kernel-process library defines: cwd, root,
 * curpsinfo (dtrace -e -s empty_comment_names_root.d). */
