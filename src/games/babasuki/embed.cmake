# Turns the default card file into a C array, so the library finds its
# default deck without reading any file at run time. Used as
#   set(IN default.csv) set(OUT db_default_csv.c) include(embed.cmake)
file(READ ${IN} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE ${OUT} "/* Generated from data/babasuki/default.csv by embed.cmake; do not edit. */\n"
     "const char db_default_csv_text[] = {${bytes}0x00};\n")
