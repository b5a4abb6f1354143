/*
 * i2c-proc.h of the lm_sensors 2 package (trimmed): the insmod
 * parameters every chip driver declares with SENSORS_MODULE_PARM.
 */
#ifndef _LINUX_I2C_PROC_H
#define _LINUX_I2C_PROC_H

#define SENSORS_MAX_OPTS 48
#define SENSORS_DEFAULTS {[0 ... SENSORS_MAX_OPTS-1] = SENSORS_I2C_END}
#define SENSORS_I2C_END 0xfffe

#define SENSORS_MODULE_PARM_FORCE(name) \
  SENSORS_MODULE_PARM(force_ ## name, \
                      "List of adapter,address pairs which are unquestionably" \
                      " assumed to contain a `" # name "' chip")

/* This defines several insmod variables, and places them in the
   sensors_force_data structure */
#define SENSORS_MODULE_PARM(var,desc) \
  static unsigned short var[SENSORS_MAX_OPTS] = SENSORS_DEFAULTS; \
  MODULE_PARM(var,"1-" __MODULE_STRING(SENSORS_MAX_OPTS) "h"); \
  MODULE_PARM_DESC(var,desc)

#define SENSORS_INSMOD_1(chip1) \
  SENSORS_MODULE_PARM(probe, \
                      "List of adapter,address pairs to scan additionally"); \
  SENSORS_MODULE_PARM(probe_range, \
                      "List of adapter,start-addr,end-addr triples to scan " \
                      "additionally"); \
  SENSORS_MODULE_PARM(ignore, \
                      "List of adapter,address pairs not to scan"); \
  SENSORS_MODULE_PARM_FORCE(chip1)

#endif /* def _LINUX_I2C_PROC_H */
