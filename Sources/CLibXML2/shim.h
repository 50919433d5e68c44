#ifndef STADIUMLOG_CLIBXML2_SHIM_H
#define STADIUMLOG_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its ICU headers clash with the copy Foundation carries. StadiumLog never touches
// the encoding handlers whose layout this changes (only pointers to them), so the ICU declarations are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/parser.h>

/// libxml2's deallocator is a global function pointer, which Swift's strict concurrency cannot check; this wrapper
/// calls it without exposing the variable.
static inline void stadiumlog_xml_free(void *pointer) { xmlFree(pointer); }
#endif
