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

// libxml2 is opened when the first page or sidecar is parsed (Sources/Markup/LibXML2.swift), not linked: loading it,
// and ICU and liblzma through it, cost every command about 1 ms at start-up, and most runs parse nothing. The pointer
// types of the functions looked up are taken from libxml2's own declarations, so a changed signature fails the build
// instead of calling through a wrong type.
typedef __typeof__(&xmlInitParser) stadiumlog_xmlInitParser;
typedef __typeof__(&htmlReadMemory) stadiumlog_htmlReadMemory;
typedef __typeof__(&xmlReadMemory) stadiumlog_xmlReadMemory;
typedef __typeof__(&xmlFreeDoc) stadiumlog_xmlFreeDoc;
typedef __typeof__(&xmlXPathNewContext) stadiumlog_xmlXPathNewContext;
typedef __typeof__(&xmlXPathFreeContext) stadiumlog_xmlXPathFreeContext;
typedef __typeof__(&xmlXPathRegisterNs) stadiumlog_xmlXPathRegisterNs;
typedef __typeof__(&xmlXPathEvalExpression) stadiumlog_xmlXPathEvalExpression;
typedef __typeof__(&xmlXPathFreeObject) stadiumlog_xmlXPathFreeObject;
typedef __typeof__(&xmlNodeGetContent) stadiumlog_xmlNodeGetContent;
typedef __typeof__(&xmlGetProp) stadiumlog_xmlGetProp;
#endif
