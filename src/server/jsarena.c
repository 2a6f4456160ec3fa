/* See jsarena.h. */
#include "jsarena.h"

#include <assert.h>
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* max_align_t's alignment, what malloc gives */
#define ALIGN ((size_t)_Alignof(max_align_t))

static struct {
    _Alignas(max_align_t) unsigned char block[SV_JSARENA_BYTES];
    size_t used, spilled;
    int on;
} arena;

static int in_block(const void *p)
{
    uintptr_t a = (uintptr_t)p, b = (uintptr_t)arena.block;
    return a >= b && a < b + sizeof arena.block;
}

static void *arena_malloc(size_t n)
{
    if (arena.on) {
        size_t need = (n + ALIGN - 1) / ALIGN * ALIGN;
        if (need >= n && need <= sizeof arena.block - arena.used) {
            void *p = arena.block + arena.used;
            arena.used += need;
            return p;
        }
        arena.spilled++;
    }
    return malloc(n);
}

static void arena_free(void *p)
{
    if (!in_block(p)) free(p); /* a node from malloc, made outside a window or spilled */
}

void sv_jsarena_install(void)
{
    json_set_alloc_funcs(arena_malloc, arena_free);
}

void sv_jsarena_uninstall(void)
{
    assert(!arena.on);
    json_set_alloc_funcs(malloc, free);
}

void sv_jsarena_begin(void)
{
    assert(!arena.on);
    arena.on = 1;
    arena.used = 0;
    arena.spilled = 0;
}

void sv_jsarena_end(void)
{
    assert(arena.on);
#ifndef NDEBUG
    /* A node used after its window reads garbage, loudly, in the tests. */
    memset(arena.block, 0xa5, arena.used);
#endif
    arena.on = 0;
}

size_t sv_jsarena_used(void)
{
    return arena.used;
}

size_t sv_jsarena_spilled(void)
{
    return arena.spilled;
}
