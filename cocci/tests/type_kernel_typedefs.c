/* the kernel's typedefs map to the parameter type of their 6.1 definition */
#include <linux/module.h>

static uid_t uid;
static gid_t gid = 100;
static size_t bufsize = 4096;
static ssize_t limit;
static pid_t pid;
static umode_t mode = 0644;
MODULE_PARM(uid, "i");
MODULE_PARM(gid, "i");
MODULE_PARM(bufsize, "l");
MODULE_PARM(limit, "l");
MODULE_PARM(pid, "i");
MODULE_PARM(mode, "h");
