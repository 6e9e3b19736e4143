/**
 * The page's only script: the filters and the Copy buttons. It reads data-* attributes and sets
 * `hidden`, classes and `textContent`, never markup, so nothing from the report is parsed as HTML.
 * Plain script, no modules and no build step, so the file works opened from disk.
 */
export const clientScript = `
(function () {
  'use strict';
  var severityBoxes = ['error', 'warning', 'info'].map(function (s) { return document.getElementById('filter-severity-' + s); });
  var groupSelect = document.getElementById('filter-group');
  var checkSelect = document.getElementById('filter-check');
  var shown = document.getElementById('deviations-shown');
  var none = document.getElementById('deviations-none');
  var deviations = Array.prototype.slice.call(document.querySelectorAll('#deviations .deviation'));

  function applyFilters() {
    var severities = {};
    severityBoxes.forEach(function (box) { if (box && box.checked) severities[box.value] = true; });
    var group = groupSelect ? groupSelect.value : '';
    var check = checkSelect ? checkSelect.value : '';
    var visible = 0;
    deviations.forEach(function (el) {
      var match = severities[el.dataset.severity] === true && (!group || el.dataset.group === group) && (!check || el.dataset.check === check);
      el.hidden = !match;
      if (match) visible++;
    });
    document.querySelectorAll('#matrix tr[data-group]').forEach(function (row) {
      row.classList.toggle('dim', group !== '' && row.dataset.group !== group);
    });
    document.querySelectorAll('#matrix [data-check]').forEach(function (el) {
      el.classList.toggle('dim', check !== '' && el.dataset.check !== check);
    });
    if (shown) shown.textContent = visible + ' of ' + deviations.length + ' shown';
    if (none && deviations.length > 0) none.hidden = visible > 0;
  }

  /** Selects the text so the reader can copy it by hand when the clipboard is not available. */
  function selectText(pre, button) {
    try {
      var range = document.createRange();
      range.selectNodeContents(pre);
      var selection = window.getSelection();
      if (selection) { selection.removeAllRanges(); selection.addRange(range); }
      button.textContent = 'Selected: press Ctrl+C';
    } catch (e) {
      button.textContent = 'Copy by hand';
    }
  }

  function copy(button) {
    var pre = button.parentElement && button.parentElement.querySelector('pre');
    if (!pre) return;
    var text = pre.textContent || '';
    var done = function () { button.textContent = 'Copied'; };
    var fail = function () { selectText(pre, button); };
    try {
      if (navigator.clipboard && typeof navigator.clipboard.writeText === 'function') navigator.clipboard.writeText(text).then(done, fail);
      else fail();
    } catch (e) {
      fail();
    }
  }

  severityBoxes.concat([groupSelect, checkSelect]).forEach(function (input) {
    if (input) input.addEventListener('change', applyFilters);
  });
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (target instanceof Element && target.classList.contains('copy')) copy(target);
  });
  applyFilters();
})();
`;
