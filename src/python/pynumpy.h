/* numpy's C API for the module's files: one table of functions, imported
 * once by module.c (PYCH_IMPORT_ARRAY there). */
#ifndef CARDHALL_PYNUMPY_H
#define CARDHALL_PYNUMPY_H

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL pych_ARRAY_API
#ifndef PYCH_IMPORT_ARRAY
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

#endif
