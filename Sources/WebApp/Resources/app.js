// StadiumLog's web app: a larger photo on a click, keyboard shortcuts on the Confirm page, a question before a delete.
// Plain script served by the app itself (the Content-Security-Policy allows no other); every page works without it.
(function () {
  'use strict';
  var root = document.documentElement;
  window.addEventListener('error', function () { root.dataset.errors = String(Number(root.dataset.errors || 0) + 1); });

  document.addEventListener('DOMContentLoaded', function () {
    var viewer = document.getElementById('viewer');
    function closeViewer() { viewer.hidden = true; viewer.querySelector('img').removeAttribute('src'); }
    document.addEventListener('click', function (event) {
      var link = event.target.closest && event.target.closest('a.preview');
      if (link && viewer) {
        event.preventDefault();
        viewer.querySelector('img').src = link.getAttribute('href');
        viewer.hidden = false;
      } else if (viewer && !viewer.hidden && viewer.contains(event.target)) {
        closeViewer();
      }
    });

    document.querySelectorAll('form[data-confirm]').forEach(function (form) {
      form.addEventListener('submit', function (event) {
        if (!window.confirm(form.dataset.confirm)) { event.preventDefault(); }
      });
    });

    var groups = Array.prototype.slice.call(document.querySelectorAll('.group'));
    var current = 0;
    function focus(index, scrolling) {
      if (!groups.length) { return; }
      current = Math.max(0, Math.min(groups.length - 1, index));
      groups.forEach(function (group, i) { group.classList.toggle('focused', i === current); });
      if (scrolling) { groups[current].scrollIntoView({ block: 'nearest' }); }
    }
    // The first moment is marked, not scrolled to: on a phone it is taller than the screen, and the page opens at
    // its top, the photos first.
    focus(0, false);
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && viewer && !viewer.hidden) { closeViewer(); return; }
      if (event.ctrlKey || event.metaKey || event.altKey) { return; }
      var tag = (event.target.tagName || '').toLowerCase();
      if (tag === 'input' || tag === 'select' || tag === 'textarea') { return; }
      if (event.key === 'u') {
        var undo = document.getElementById('undo');
        if (undo) { event.preventDefault(); undo.click(); }
        return;
      }
      if (!groups.length) { return; }
      if (event.key === 'j') { focus(current + 1, true); return; }
      if (event.key === 'k') { focus(current - 1, true); return; }
      var button = groups[current].querySelector('button[data-key="' + event.key + '"]');
      if (button) { event.preventDefault(); button.click(); }
    });
    root.dataset.ready = 'yes';
  });
})();
