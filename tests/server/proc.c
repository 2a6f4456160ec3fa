/* See proc.h. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proc.h"

static pid_t running[32];
static int n_running;

/* Drops the processes a test has stopped and waited for itself (kill -9
 * of one of several, a restart): a zombie still answers kill(pid, 0), a
 * process waited for does not. */
static void prune(void)
{
    for (int i = 0; i < n_running;)
        if (kill(running[i], 0) != 0) running[i] = running[--n_running];
        else i++;
}

pid_t proc_start(const char *cardhall, const char *const *args, int *port, char *line, size_t cap)
{
    const char *argv[48] = {cardhall};
    int n = 1;
    for (; args[n - 1] && n < 47; n++)
        argv[n] = args[n - 1];
    argv[n] = NULL;
    int fds[2];
    snprintf(line, cap, "no process started");
    prune();
    if (n_running == 32 || pipe(fds) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        execv(cardhall, (char *const *)argv);
        _exit(127);
    }
    close(fds[1]);
    running[n_running++] = pid;
    size_t len = 0;
    struct pollfd p = {fds[0], POLLIN, 0};
    while (len < cap - 1 && !memchr(line, '\n', len) && poll(&p, 1, 20000) > 0) {
        ssize_t r = read(fds[0], line + len, cap - 1 - len);
        if (r <= 0) break;
        len += (size_t)r;
    }
    close(fds[0]);
    line[len] = '\0';
    const char *at = strstr(line, "127.0.0.1:");
    if (!at) return -1;
    *port = atoi(at + strlen("127.0.0.1:"));
    return *port > 0 ? pid : -1;
}

pid_t proc_serve(const char *cardhall, const char *dir, int *port, ...)
{
    static int k;
    char db[256], line[512];
    snprintf(db, sizeof db, "%s/s%d.db", dir, k++);
    const char *args[40] = {"serve", "--port", "0", "--host", "127.0.0.1", "--db", db};
    int n = 7;
    va_list ap;
    va_start(ap, port);
    for (const char *a; (a = va_arg(ap, const char *)) && n < 39;)
        args[n++] = a;
    va_end(ap);
    args[n] = NULL;
    pid_t pid = proc_start(cardhall, args, port, line, sizeof line);
    if (pid < 0) fprintf(stderr, "server did not start: '%s'\n", line);
    return pid;
}

int proc_stop(pid_t pid)
{
    int status = 0;
    for (int i = 0; i < n_running; i++)
        if (running[i] == pid) running[i] = running[--n_running];
    kill(pid, SIGTERM);
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

void proc_kill_all(void)
{
    prune();
    while (n_running > 0) {
        pid_t pid = running[--n_running];
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
    }
}

void proc_sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

long long proc_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int proc_free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    struct sockaddr_in a = {.sin_family = AF_INET};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    socklen_t n = sizeof a;
    int ok = bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
             getsockname(fd, (struct sockaddr *)&a, &n) == 0;
    close(fd);
    return ok ? ntohs(a.sin_port) : -1;
}
