/* `cardhall serve` as a child process for the server's tests: started with
 * the flags a test gives, its port read from the line it prints, stopped
 * with SIGTERM (a clean exit), and any left by a failed test killed at the
 * end so none holds ctest's output open. */
#ifndef CARDHALL_TESTS_PROC_H
#define CARDHALL_TESTS_PROC_H

#include <stddef.h>
#include <sys/types.h>

/* Starts cardhall with the words args (NULL-terminated, after the
 * program's name), its standard output a pipe; reads the first line it
 * prints into line[cap] and, from it, the port after "127.0.0.1:". Returns
 * the pid, or -1 if it printed no port (line then says what it printed).
 * The process is proc_kill_all's until proc_stop. */
pid_t proc_start(const char *cardhall, const char *const *args, int *port, char *line, size_t cap);
/* Starts `cardhall serve --port 0 --host 127.0.0.1 --db DIR/sN.db` and the
 * NULL-terminated extra flags; returns the pid, *port the port it listens on. */
pid_t proc_serve(const char *cardhall, const char *dir, int *port, ...);
/* SIGTERM and wait; returns 1 if it exited with status 0. */
int proc_stop(pid_t pid);
/* Kills (SIGKILL) whatever proc_serve started that is still running. */
void proc_kill_all(void);
/* A port free on loopback now (the kernel's pick, released for another
 * program to take), or -1. */
int proc_free_port(void);
void proc_sleep_ms(long ms);
long long proc_now_ms(void);

#endif
