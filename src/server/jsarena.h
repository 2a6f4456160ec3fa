/* jansson's nodes of one broadcast from one block (issue 29).
 *
 * A move's state message is a tree of a few hundred jansson nodes built,
 * written to text and freed at once; jansson's malloc and free for them
 * were a quarter of a move's instructions. Between sv_jsarena_begin and
 * sv_jsarena_end every jansson allocation comes from one static block (a
 * bump of a pointer) and freeing it does nothing; at the end the block is
 * taken back whole. Outside that window, and when the block is full,
 * jansson allocates with malloc as before, and freeing such a node frees
 * it: sv_jsarena_free tells the two apart by address.
 *
 * What is made inside the window must be gone by its end: only builders
 * whose every node is freed before sv_jsarena_end run in it (a broadcast's
 * state_msg, written and decref'd). A node made before the window (a
 * room's options) may be shared into the tree: its count goes up and down
 * and it stays malloc's. One thread: the server's loop. */
#ifndef CARDHALL_SERVER_JSARENA_H
#define CARDHALL_SERVER_JSARENA_H

#include <stddef.h>

#define SV_JSARENA_BYTES (256u * 1024u)

/* Makes jansson allocate through the arena (once, at the server's start;
 * sv_jsarena_uninstall puts malloc and free back). */
void sv_jsarena_install(void);
void sv_jsarena_uninstall(void);
/* The window: not nested. */
void sv_jsarena_begin(void);
void sv_jsarena_end(void);
/* Bytes handed out from the block in the window so far, and allocations
 * that did not fit and went to malloc (the tests' view). */
size_t sv_jsarena_used(void);
size_t sv_jsarena_spilled(void);

#endif
