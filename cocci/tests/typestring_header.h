#define NE_MAX 3
#define NE_PARM "1-" __MODULE_STRING(NE_MAX) "i"
